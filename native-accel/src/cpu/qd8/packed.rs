//! The packed 4-bit layout of [`super::WeightsQd8`] and its kernels: one output
//! channel per 32-bit lane.
//!
//! Layout. Output channels in blocks of [`R`] (the last padded with zero weights);
//! per block, the inputs in quads of 8: a quad is 64 bytes, channel `r`'s 4 bytes at
//! `4 r`, byte `i` holding input `8 q + i` in its low nibble and input `8 q + 4 + i`
//! in its high nibble, each as `u = w + 8`. So one 512-bit load (two 256-bit ones)
//! gives every channel of the block its 4 low and 4 high nibbles in its own lane, and
//! `vpdpbusd` (or `vpmaddubsw` + `vpmaddwd`) against 4 inputs broadcast to every lane
//! sums them there: a group's dot products need no horizontal reduction, where a
//! layout with a channel's inputs across lanes folds them once per group (with groups
//! of 32, after every 32 inputs, which cost most of a decode step).
//!
//! For row `x` (zero point `zp`) and group `g` of `len` inputs, with `Σ u` per lane:
//!
//! ```text
//! d = Σ x·w - zp·Σ w = Σ x·u - zp·Σ u + (8·zp·len - 8·Σ x)
//! ```
//!
//! all in wrapping i32, which is exact because the true value fits. `Σ u` is summed
//! in bytes over at most 8 quads (`8 · 30 < 256`), then widened once; `8 Σ x` comes
//! with the row ([`Row::xsums`]). Then `acc += f32(d) · scale[g]` per lane, in group
//! order, the module's definition bit for bit on every path.

use std::ops::Range;

use super::{group_constant, Qd8Path, ScalesRef};

/// Output channels per block.
pub const R: usize = 16;

/// Inputs per quad.
const QUAD: usize = 8;

/// Bytes per quad.
const QUAD_BYTES: usize = R * 4;

/// Quads whose nibble sums still fit a byte (`8 · 30 = 240`).
const BYTE_SUM_QUADS: usize = 8;

/// `n` rows of `k` 4-bit weights (`ceil(k / 2)` bytes each, input `2 t` in byte
/// `t`'s low nibble, as ExecuTorch's `qc4w` / `qb4w`) in the layout above, `k` a
/// multiple of [`QUAD`].
pub(super) fn pack(n: usize, k: usize, rows: &[u8]) -> Vec<u8> {
    let row_bytes = k.div_ceil(2);
    let quads = k / QUAD;
    // 0x88: both nibbles `0 + 8`, a zero weight, for the padding channels.
    let mut data = vec![0x88u8; n.div_ceil(R) * quads * QUAD_BYTES];
    let nibble = |src: &[u8], c: usize| (src[c / 2] >> (4 * (c % 2))) & 0xf;
    for j in 0..n {
        let (b, r) = (j / R, j % R);
        let src = &rows[j * row_bytes..][..row_bytes];
        for q in 0..quads {
            let dst = &mut data[(b * quads + q) * QUAD_BYTES + 4 * r..][..4];
            for (i, d) in dst.iter_mut().enumerate() {
                let c = q * QUAD + i;
                *d = nibble(src, c) | nibble(src, c + 4) << 4;
            }
        }
    }
    data
}

/// One block as the kernels read it: its weights (`quads * 64` bytes), the quads per
/// group, and the block's scales (`R` per group).
#[derive(Clone, Copy)]
pub(super) struct Block<'a> {
    pub blk: &'a [u8],
    pub quads_per_group: usize,
    pub scales: ScalesRef<'a>,
}

/// One input row as the kernels read it: `k` values, `8 Σ x` per group, zero point.
#[derive(Clone, Copy)]
pub(super) struct Row<'a> {
    pub x: &'a [i8],
    pub xsums: &'a [i32],
    pub zp: i32,
}

/// The quads of group `g`.
fn group_quads(g: usize, quads_per_group: usize, quads: usize) -> (usize, usize) {
    (g * quads_per_group, ((g + 1) * quads_per_group).min(quads))
}

/// A packed layer's blocks as the kernels read them: `quads` quads a block (the depth
/// over 8), `groups` scale groups of `quads_per_group` quads, [`R`] scales a group.
#[derive(Clone, Copy)]
pub(super) struct Blocks<'a> {
    pub data: &'a [u8],
    pub scales: ScalesRef<'a>,
    pub quads: usize,
    pub groups: usize,
    pub quads_per_group: usize,
}

impl<'a> Blocks<'a> {
    /// Block `b` (checked in range by [`run_blocks`]).
    fn block(&self, b: usize) -> Block<'a> {
        let (bytes, scales) = (self.quads * QUAD_BYTES, self.groups * R);
        Block {
            blk: &self.data[b * bytes..][..bytes],
            quads_per_group: self.quads_per_group,
            scales: self.scales.sub(b * scales..(b + 1) * scales),
        }
    }
}

/// Whether the kernels may read blocks `..end` for `rows`: every row `quads * 8`
/// values and a sum per group, `quads * 64` bytes and `R` scales a group per block.
/// The safe callers laid these out together; a mismatch gives NaN, never an
/// out-of-bounds read.
fn fits(layer: &Blocks<'_>, end: usize, rows: &[Row<'_>]) -> bool {
    let (quads, groups) = (layer.quads, layer.groups);
    rows.iter()
        .all(|r| r.x.len() == quads * QUAD && r.xsums.len() == groups)
        && end
            .checked_mul(quads * QUAD_BYTES)
            .is_some_and(|n| layer.data.len() >= n)
        && end
            .checked_mul(groups * R)
            .is_some_and(|n| layer.scales.len() >= n)
        && layer.quads_per_group > 0
        && groups >= quads.div_ceil(layer.quads_per_group)
}

/// For each block of `blocks`, the f32 accumulators of its [`R`] channels for each of
/// the `N` rows (the module's definition up to the epilogue), on `path`'s kernels,
/// handed to `emit` with the block's index. One dispatch and one check for the whole
/// range: a decode step's layer is a few hundred blocks, and per block they cost about
/// as much as a block's epilogue.
pub(super) fn run_blocks<const N: usize>(
    path: Qd8Path,
    layer: &Blocks<'_>,
    blocks: Range<usize>,
    rows: &[Row<'_>; N],
    emit: &mut dyn FnMut(usize, &[[f32; R]; N]),
) {
    if !fits(layer, blocks.end, rows) {
        for b in blocks {
            emit(b, &[[f32::NAN; R]; N]);
        }
        return;
    }
    // SAFETY (each arm): the path runs only where its features are present
    // (`Qd8Path::available`); `fits` checked every length the kernels read.
    #[cfg(target_arch = "x86_64")]
    match path {
        Qd8Path::Avx512Vnni => return unsafe { x86::blocks_avx512(layer, blocks, rows, emit) },
        Qd8Path::AvxVnni => return unsafe { x86::blocks_avx_vnni(layer, blocks, rows, emit) },
        Qd8Path::Avx2 => return unsafe { x86::blocks_avx2(layer, blocks, rows, emit) },
        Qd8Path::Scalar => {}
    }
    let _ = path;
    for b in blocks {
        emit(
            b,
            &scalar_block(&layer.block(b), rows, layer.quads, layer.groups),
        );
    }
}

/// One block on the portable path.
fn scalar_block<const N: usize>(
    b: &Block<'_>,
    rows: &[Row<'_>; N],
    quads: usize,
    groups: usize,
) -> [[f32; R]; N] {
    let mut acc = [[0f32; R]; N];
    for g in 0..groups {
        let (q0, q1) = group_quads(g, b.quads_per_group, quads);
        let mut usum = [0i32; R];
        let mut dot = [[0i32; R]; N];
        for q in q0..q1 {
            let quad = &b.blk[q * QUAD_BYTES..][..QUAD_BYTES];
            for (r, lane) in quad.chunks_exact(4).enumerate() {
                for (i, &byte) in lane.iter().enumerate() {
                    let (lo, hi) = (i32::from(byte & 0xf), i32::from(byte >> 4));
                    usum[r] += lo + hi;
                    for (d, row) in dot.iter_mut().zip(rows) {
                        let xl = i32::from(row.x[q * QUAD + i]);
                        let xh = i32::from(row.x[q * QUAD + 4 + i]);
                        d[r] = d[r].wrapping_add(lo * xl + hi * xh);
                    }
                }
            }
        }
        for ((a, d), row) in acc.iter_mut().zip(&dot).zip(rows) {
            let c = group_constant(row.xsums[g], row.zp, QUAD * (q1 - q0));
            for r in 0..R {
                let v = d[r]
                    .wrapping_add(c)
                    .wrapping_sub(row.zp.wrapping_mul(usum[r]));
                a[r] += v as f32 * b.scales.at(g * R + r);
            }
        }
    }
    acc
}

#[cfg(target_arch = "x86_64")]
mod x86;
