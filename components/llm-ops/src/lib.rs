//! plugboard's LLM kernel library: the custom operators ExecuTorch's language-model
//! exports call outside any delegate (`executorch.examples.models.llama.export_llama
//! --use_sdpa_with_kv_cache`, optimum-executorch), as a WebAssembly component
//! implementing the `kernel-library` world of `wit/`. ExecuTorch links these from
//! `extension/llm/custom_ops` into its runner; here they are a component of their own,
//! bundled with the host, so an app that runs no language model drops it.
//!
//! Operators (semantics in each module's docs):
//! - `llama::update_cache.out` ([`update_cache`]): the KV cache update;
//! - `llama::custom_sdpa.out`, `llama::sdpa_with_kv_cache.out` ([`sdpa`]): attention
//!   over the cache with a start position, causal masks and grouped-query attention;
//! - `llama::update_cache_with_indices.out` ([`update_cache`]): the cache update at
//!   positions an index tensor names;
//! - `llama::fast_hadamard_transform.out` ([`hadamard`]): SpinQuant's rotation;
//! - `llama::custom_quantized_sdpa.out` ([`quantized_sdpa`]): the attention over an
//!   int8 KV cache;
//! - `llama::gated_delta_rule.out` and its alias `llama::channelwise_gated_delta_rule.out`
//!   ([`delta_rule`]): the recurrence of Gated DeltaNet layers;
//! - `llama::fallback.out`, `preprocess::tile_crop.out` ([`copy`]): a copy, and an
//!   image cut into tiles.
//!
//! The cache tensors are the program's mutable buffers: memory-planned, kept from one
//! `execute` to the next by the host.

mod args;
mod copy;
mod delta_rule;
mod hadamard;
mod quantized_sdpa;
mod sdpa;
mod update_cache;

use plugboard_sdk::v2_4::kernel_library::plugboard::runtime::types::Evalue;
use plugboard_sdk::v2_4::kernel_library::prelude::*;

plugboard_sdk::global_allocator!();

/// A kernel: reads its arguments, writes its outputs, reports resizes.
type Kernel = fn(&args::Args) -> Result<Vec<KernelUpdate>, Error>;

/// The dtypes a KV cache may hold.
const CACHE_DTYPES: &[ScalarType] = &[
    ScalarType::Float,
    ScalarType::Half,
    ScalarType::Bfloat16,
    ScalarType::Double,
    ScalarType::Char,
    ScalarType::Byte,
];

/// The operators, in `call`'s index order, with the tensor dtypes each accepts.
const OPERATORS: &[(&str, &[ScalarType], Kernel)] = &[
    (
        "llama::update_cache.out",
        CACHE_DTYPES,
        update_cache::update_cache_out,
    ),
    (
        "llama::custom_sdpa.out",
        &[ScalarType::Float],
        sdpa::custom_sdpa_out,
    ),
    (
        "llama::sdpa_with_kv_cache.out",
        &[ScalarType::Float],
        sdpa::sdpa_with_kv_cache_out,
    ),
    (
        "llama::update_cache_with_indices.out",
        CACHE_DTYPES,
        update_cache::update_cache_with_indices_out,
    ),
    (
        "llama::fast_hadamard_transform.out",
        &[ScalarType::Float],
        hadamard::fast_hadamard_transform_out,
    ),
    (
        "llama::custom_quantized_sdpa.out",
        &[ScalarType::Float, ScalarType::Char],
        quantized_sdpa::custom_quantized_sdpa_out,
    ),
    ("llama::fallback.out", ANY_DTYPE, copy::fallback_out),
    (
        "llama::gated_delta_rule.out",
        &[ScalarType::Float],
        delta_rule::gated_delta_rule_out,
    ),
    (
        "llama::channelwise_gated_delta_rule.out",
        &[ScalarType::Float],
        delta_rule::gated_delta_rule_out,
    ),
    ("preprocess::tile_crop.out", ANY_DTYPE, copy::tile_crop_out),
];

/// Every dtype the byte-moving operators take.
const ANY_DTYPE: &[ScalarType] = &[
    ScalarType::Float,
    ScalarType::Half,
    ScalarType::Bfloat16,
    ScalarType::Double,
    ScalarType::Char,
    ScalarType::Byte,
    ScalarType::Short,
    ScalarType::Int,
    ScalarType::Long,
    ScalarType::Bool,
];

struct LlmOps;

impl Guest for LlmOps {
    fn operators() -> Vec<OperatorInfo> {
        OPERATORS
            .iter()
            .map(|(name, dtypes, _)| OperatorInfo {
                name: name.to_string(),
                dtypes: dtypes.to_vec(),
            })
            .collect()
    }

    fn call(op: u32, args: Vec<Evalue>) -> Result<Vec<KernelUpdate>, Error> {
        let (name, _, kernel) = OPERATORS.get(op as usize).ok_or_else(|| {
            error(
                ErrorKind::OperatorMissing,
                format!("no operator with index {op}"),
            )
        })?;
        kernel(&args::Args::new(&args)).map_err(|mut e| {
            e.message = format!("{name}: {}", e.message);
            e
        })
    }

    fn prepare(_op: u32, _args: Vec<Evalue>) -> Result<u32, Error> {
        Err(not_supported("this library does not batch calls"))
    }

    fn clear_prepared() {}

    fn run_prepared(_calls: Vec<u32>) -> Result<(u32, Vec<KernelUpdate>), (u32, Error)> {
        Err((0, not_supported("this library does not batch calls")))
    }

    plugboard_sdk::memory_exports!();
}

plugboard_sdk::export_kernel_library!(LlmOps, v2_4);
