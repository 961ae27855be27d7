//! Which instruction-set level the native kernels use: detected once from the CPU,
//! and capped by the `PLUGBOARD_NATIVE_ISA` environment variable (`avx512`, `avx2` or
//! `portable`) so that benchmarks and tests can force a slower path on a faster
//! machine. Every kernel family (the fp32 and int8 GEMMs, the depthwise convolutions)
//! picks its path from [`Isa::current`].
//!
//! [`Isa::Portable`] means the host has no SIMD kernels for this machine (aarch64,
//! x86-64 without AVX2, ...): the `cpu-accel` import then reports itself unavailable,
//! so backends keep their wasm SIMD kernels, which portable native code would not beat.

use std::sync::OnceLock;

/// An instruction-set level of the native kernels, slowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Isa {
    /// Portable Rust, no SIMD kernels.
    Portable,
    /// x86-64 AVX2 + FMA.
    Avx2,
    /// x86-64 AVX-512 F/BW/VL (+ VNNI for int8 where present).
    Avx512,
}

/// The environment variable that caps the level.
pub const ISA_VAR: &str = "PLUGBOARD_NATIVE_ISA";

/// The environment variable that turns the VNNI (`vpdpbusd`) int8 kernels off
/// (`off`, `0` or `no`), so that an AVX-512 or AVX-VNNI machine runs what a machine
/// without VNNI runs.
pub const VNNI_VAR: &str = "PLUGBOARD_NATIVE_VNNI";

/// Whether kernels may use VNNI where the CPU has it (`PLUGBOARD_NATIVE_VNNI`). Read
/// once.
pub fn vnni_allowed() -> bool {
    static ALLOWED: OnceLock<bool> = OnceLock::new();
    *ALLOWED.get_or_init(|| {
        !matches!(
            std::env::var(VNNI_VAR)
                .ok()
                .map(|v| v.trim().to_ascii_lowercase())
                .as_deref(),
            Some("off" | "0" | "no" | "false")
        )
    })
}

impl Isa {
    /// The highest level this CPU supports.
    pub fn detected() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vl")
            {
                return Isa::Avx512;
            }
            if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
                return Isa::Avx2;
            }
        }
        Isa::Portable
    }

    /// The level in use: [`Isa::detected`], lowered to `PLUGBOARD_NATIVE_ISA` when that
    /// names a lower one (an unknown value is ignored with a warning). Read once.
    pub fn current() -> Isa {
        static CURRENT: OnceLock<Isa> = OnceLock::new();
        *CURRENT.get_or_init(|| {
            let detected = Isa::detected();
            match std::env::var(ISA_VAR).ok().as_deref().map(str::trim) {
                None | Some("") => detected,
                Some(v) => match Isa::parse(v) {
                    Some(cap) => cap.min(detected),
                    None => {
                        eprintln!(
                            "warning: {ISA_VAR}={v} is not one of avx512, avx2, portable; ignored"
                        );
                        detected
                    }
                },
            }
        })
    }

    /// `avx512`, `avx2` or `portable` (also `scalar`).
    pub fn parse(s: &str) -> Option<Isa> {
        match s.to_ascii_lowercase().as_str() {
            "avx512" | "avx-512" => Some(Isa::Avx512),
            "avx2" => Some(Isa::Avx2),
            "portable" | "scalar" | "none" => Some(Isa::Portable),
            _ => None,
        }
    }

    /// Whether the native kernels have SIMD code at this level (else `cpu-accel` is
    /// reported unavailable).
    pub fn has_simd_kernels(self) -> bool {
        self > Isa::Portable
    }
}
