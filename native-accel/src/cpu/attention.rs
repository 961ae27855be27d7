//! Scaled dot-product attention over a KV cache on native SIMD code: `cpu-accel`'s
//! `attention` (contract 2.3.0), which kernel libraries such as `llm-ops` call for
//! ExecuTorch's `llama::custom_sdpa` (semantics from `extension/llm/custom_ops/op_sdpa.cpp`
//! and `custom_ops.py`).
//!
//! Layouts (float32, contiguous): the query and the output `[B, S, Hq, D]`, the key and
//! value caches `[B, C, Hkv, D]`, the mask `[S, stride]`. Query row `i` sits at position
//! `start_pos + i`; the keys are the caches' first `start_pos + S` positions, and with
//! `causal` row `i` sees keys `0 ..= start_pos + i`. Query head `h` reads KV head
//! `h / (Hq / Hkv)` (grouped-query attention). Scores are `scale * q·k` (plus the
//! mask's value), softmax with the maximum subtracted, and the output is the
//! score-weighted sum of the values divided by the scores' sum.
//!
//! The arithmetic is the definition's within float rounding, not bit for bit: the dot
//! products and sums run in SIMD lanes with fused multiply-adds, an order ExecuTorch's
//! own vectorized kernel departs from a plain loop by too. `exp` is the single
//! precision Cephes algorithm (within 2 ulp), the one the wasm kernel uses, in lanes.
//!
//! Loops run keys outer, heads inner, so the caches are read in memory order (a
//! head-by-head walk strides `Hkv * D` floats per key and stalls on the loads once the
//! weights of a language model have pushed the caches out of the CPU's caches).

use crate::isa::Isa;
use crate::meter::{AccelError, Account};

/// Largest query, output or cache (elements) a call may name.
const MAX_ELEMS: usize = 1 << 30;

/// Shape of one attention call (sizes in elements).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttentionGeometry {
    /// Batch `B`.
    pub batch: usize,
    /// Query positions `S` per batch entry.
    pub seq_len: usize,
    /// Query heads `Hq`, a multiple of `kv_heads`.
    pub heads: usize,
    /// Key/value heads `Hkv`.
    pub kv_heads: usize,
    /// Values per head `D`.
    pub head_dim: usize,
    /// Positions each cache holds `C` (ExecuTorch's `max_seq_len`).
    pub cache_len: usize,
    /// Position of query row 0.
    pub start_pos: usize,
    /// Whether row `i` sees only keys up to its own position.
    pub causal: bool,
    /// Multiplies each `q·k`.
    pub scale: f32,
}

/// An additive float mask: `values[i * stride + j]` is added to row `i`'s score of key
/// `j` (`stride >= start_pos + seq_len`).
#[derive(Clone, Copy, Debug)]
pub struct AttentionMask<'a> {
    /// `[S, stride]` values (the last row needs only `start_pos + seq_len`).
    pub values: &'a [f32],
    /// Elements per mask row.
    pub stride: usize,
}

impl AttentionGeometry {
    /// Keys the last query row sees: `start_pos + seq_len`.
    pub fn kv_len(&self) -> usize {
        self.start_pos.saturating_add(self.seq_len)
    }

    /// Elements of the query and of the output: `B * S * Hq * D`.
    pub fn query_elems(&self) -> Option<usize> {
        [self.seq_len, self.heads, self.head_dim]
            .into_iter()
            .try_fold(self.batch, usize::checked_mul)
    }

    /// Elements of each cache: `B * C * Hkv * D`.
    pub fn cache_elems(&self) -> Option<usize> {
        [self.cache_len, self.kv_heads, self.head_dim]
            .into_iter()
            .try_fold(self.batch, usize::checked_mul)
    }

    /// Multiply-accumulates of the call (the two products with every key), for the
    /// work cap; `None` on overflow.
    pub fn work(&self) -> Option<u64> {
        let macs = self
            .query_elems()?
            .checked_mul(self.kv_len())?
            .checked_mul(2)?;
        u64::try_from(macs).ok()
    }

    /// Checks the shape: every size but `start_pos` at least 1, heads a multiple of KV
    /// heads, the keys within the caches, no size past [`MAX_ELEMS`].
    pub fn check(&self) -> Result<(), AccelError> {
        let g = self;
        if [
            g.batch,
            g.seq_len,
            g.heads,
            g.kv_heads,
            g.head_dim,
            g.cache_len,
        ]
        .contains(&0)
        {
            return Err(AccelError::invalid(format!(
                "attention sizes must be at least 1: {g:?}"
            )));
        }
        if !g.heads.is_multiple_of(g.kv_heads) {
            return Err(AccelError::invalid(format!(
                "{} query heads are not a multiple of {} KV heads",
                g.heads, g.kv_heads
            )));
        }
        if g.kv_len() > g.cache_len {
            return Err(AccelError::invalid(format!(
                "start position {} with {} query rows does not fit a cache of {} positions",
                g.start_pos, g.seq_len, g.cache_len
            )));
        }
        match (g.query_elems(), g.cache_elems()) {
            (Some(q), Some(c)) if q <= MAX_ELEMS && c <= MAX_ELEMS => Ok(()),
            _ => Err(AccelError::invalid(format!(
                "attention tensors past {MAX_ELEMS} elements: {g:?}"
            ))),
        }
    }
}

/// Which code computes the attention; every path gives the definition within float
/// rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttentionPath {
    /// Plain Rust, four lanes, no fused multiply-add.
    Scalar,
    /// AVX2 + FMA, eight lanes.
    Avx2,
    /// AVX-512F, sixteen lanes.
    Avx512,
}

impl AttentionPath {
    /// The path used where [`Isa::current`] allows it: AVX2 also on AVX-512 machines.
    /// A decode step reads each cache position once, so the call waits on memory, and
    /// sixteen lanes only add a longer reduction per score: on an AMD EPYC with
    /// AVX-512 (`cargo bench -p plugboard-native-accel --bench attention`), AVX2 took
    /// 18.1 µs at position 200 against AVX-512's 21.1, and 208 against 242 µs for a
    /// 64-row prefill.
    pub fn best() -> AttentionPath {
        match Isa::current() {
            Isa::Avx512 | Isa::Avx2 => AttentionPath::Avx2,
            Isa::Portable => AttentionPath::Scalar,
        }
    }

    /// Every path this machine runs (for tests and benchmarks).
    pub fn all_available() -> Vec<AttentionPath> {
        let best = Isa::detected();
        let mut paths = vec![AttentionPath::Scalar];
        if best >= Isa::Avx2 {
            paths.push(AttentionPath::Avx2);
        }
        if best >= Isa::Avx512 {
            paths.push(AttentionPath::Avx512);
        }
        paths
    }
}

/// Attention on the best path ([`attention_with_path`]) with up to `threads` threads.
#[allow(clippy::too_many_arguments)]
pub fn attention(
    g: &AttentionGeometry,
    query: &[f32],
    key: &[f32],
    value: &[f32],
    mask: Option<AttentionMask<'_>>,
    out: &mut [f32],
    account: &Account,
    threads: usize,
) -> Result<(), AccelError> {
    attention_with_path(
        AttentionPath::best(),
        g,
        query,
        key,
        value,
        mask,
        out,
        account,
        threads,
    )
}

/// Multiply-accumulates from which a call splits its KV heads across threads (about
/// 10 µs of work on one thread: less is not worth waking a second).
const SPLIT_WORK: u64 = 1 << 17;

/// Writes the attention of `query` over the caches `key` and `value` to `out` (layouts
/// in the module docs; every slice exactly its size, the mask at least `(S - 1) *
/// stride + start_pos + S` values).
///
/// With `threads > 1` and at least [`SPLIT_WORK`] of work, the KV heads (and the query
/// heads that read them) are split across threads; each head's arithmetic is the same.
///
/// Errors: `invalid-argument` for a bad shape or slice, a path this CPU lacks, or both
/// a mask and `causal`; the account's work cap, memory cap (the scores, `Hq * (start_pos
/// + S)` floats, and `Hq * D` sums are charged) and deadline (checked per query row).
#[allow(clippy::too_many_arguments)]
pub fn attention_with_path(
    path: AttentionPath,
    g: &AttentionGeometry,
    query: &[f32],
    key: &[f32],
    value: &[f32],
    mask: Option<AttentionMask<'_>>,
    out: &mut [f32],
    account: &Account,
    threads: usize,
) -> Result<(), AccelError> {
    g.check()?;
    let (q_len, c_len) = (g.query_elems(), g.cache_elems());
    let sizes = [
        ("query", query.len(), q_len),
        ("key", key.len(), c_len),
        ("value", value.len(), c_len),
        ("output", out.len(), q_len),
    ];
    for (what, got, want) in sizes {
        if Some(got) != want {
            return Err(AccelError::invalid(format!(
                "attention {what} has {got} values, the geometry needs {want:?}"
            )));
        }
    }
    let kv_len = g.kv_len();
    if let Some(m) = &mask {
        if g.causal {
            return Err(AccelError::invalid(
                "an attention mask and causal attention cannot be asked together",
            ));
        }
        let need = (g.seq_len - 1)
            .checked_mul(m.stride)
            .and_then(|n| n.checked_add(kv_len));
        if m.stride < kv_len || need.is_none_or(|n| m.values.len() < n) {
            return Err(AccelError::invalid(format!(
                "attention mask of {} values with stride {} does not cover {} rows of {kv_len} keys",
                m.values.len(),
                m.stride,
                g.seq_len
            )));
        }
    }
    if !AttentionPath::all_available().contains(&path) {
        return Err(AccelError::invalid(format!(
            "attention path {path:?} needs a CPU feature this machine lacks"
        )));
    }
    account.check_work(g.work(), "the attention")?;
    let scratch = g.heads * kv_len + g.heads * g.head_dim + g.heads;
    let _charge = account.charge(scratch.saturating_mul(4), "attention scores")?;
    let parts = if threads > 1 && g.work().is_some_and(|w| w >= SPLIT_WORK) {
        threads
    } else {
        1
    };
    let part = |first_head: usize, heads: usize, keys: Option<(usize, usize)>| Part {
        g,
        query,
        key,
        value,
        mask,
        first_head,
        heads,
        keys,
        path,
        account,
    };
    let failed = std::sync::Mutex::new(None);
    let fail = |e: AccelError| *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
    if parts > 1 && g.seq_len == 1 {
        // A decode step: each thread takes a contiguous run of cache positions for
        // every head (split by heads, each thread read every other half of each
        // position's heads, and at a long context two threads were twice as slow as
        // one), and the parts' softmax sums are merged.
        let parts = parts.min(kv_len);
        let ranges: Vec<(usize, usize)> = (0..parts)
            .map(|p| (kv_len * p / parts, kv_len * (p + 1) / parts))
            .collect();
        let results: Vec<std::sync::Mutex<Option<Partials>>> =
            (0..parts).map(|_| std::sync::Mutex::new(None)).collect();
        let jobs: Vec<(usize, (usize, usize))> = ranges.into_iter().enumerate().collect();
        crate::pool::for_each_part(parts, jobs, |(p, range)| {
            match part(0, g.heads, Some(range)).partials() {
                Ok(r) => *results[p].lock().unwrap_or_else(|e| e.into_inner()) = Some(r),
                Err(e) => fail(e),
            }
        });
        if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        let partials: Vec<Partials> = results
            .into_iter()
            .filter_map(|r| r.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect();
        merge(&partials, g.head_dim, out);
        return Ok(());
    }
    let parts = parts.min(g.kv_heads);
    let reps = g.heads / g.kv_heads;
    let d = g.head_dim;
    // Several rows (a prefill): part p takes KV heads kv0..kv1 and their query heads,
    // in every row of the output one contiguous run of heads.
    let bounds: Vec<(usize, usize)> = (0..parts)
        .map(|p| (g.kv_heads * p / parts, g.kv_heads * (p + 1) / parts))
        .collect();
    let mut pieces: Vec<Vec<&mut [f32]>> = (0..parts).map(|_| Vec::new()).collect();
    for row in out.chunks_exact_mut(g.heads * d) {
        let mut rest = row;
        for (p, &(kv0, kv1)) in bounds.iter().enumerate() {
            let (piece, tail) = rest.split_at_mut((kv1 - kv0) * reps * d);
            pieces[p].push(piece);
            rest = tail;
        }
    }
    let jobs: Vec<HeadJob<'_>> = bounds.into_iter().zip(pieces).collect();
    crate::pool::for_each_part(parts, jobs, |((kv0, kv1), mut rows)| {
        if let Err(e) = part(kv0 * reps, (kv1 - kv0) * reps, None).run(&mut rows) {
            fail(e);
        }
    });
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// A prefill part: its KV heads and, per row, its run of output heads.
type HeadJob<'a> = ((usize, usize), Vec<&'a mut [f32]>);

/// One part's unnormalized results for a run of keys, per batch entry: each head's
/// `(largest score, Σ exp(score - largest))` and score-weighted value sums.
struct Partials {
    stats: Vec<(f32, f32)>,
    acc: Vec<f32>,
}

/// Merges the parts of one decode step (`seq_len` 1) into `out`: per head, with `m` the
/// largest of the parts' maxima, each part's sums scaled by `exp(max - m)`, then the
/// weighted values divided by the sum. A part whose keys all scored `-inf` adds
/// nothing; a head whose every key did gives NaN, as the one-part arithmetic does.
fn merge(partials: &[Partials], d: usize, out: &mut [f32]) {
    for (bh, o) in out.chunks_exact_mut(d).enumerate() {
        let m = partials
            .iter()
            .map(|p| p.stats[bh].0)
            .fold(f32::NEG_INFINITY, |a, b| if b > a { b } else { a });
        if m == f32::NEG_INFINITY {
            o.fill(f32::NAN);
            continue;
        }
        let mut sum = 0f32;
        o.fill(0.0);
        for p in partials {
            let (max, s) = p.stats[bh];
            let f = if max == f32::NEG_INFINITY {
                0.0
            } else {
                exp(max - m)
            };
            sum += s * f;
            for (dst, &a) in o.iter_mut().zip(&p.acc[bh * d..][..d]) {
                *dst += a * f;
            }
        }
        let inv = 1.0 / sum;
        for x in o {
            *x *= inv;
        }
    }
}

/// The heads `first_head .. first_head + heads` of every query row, over all of each
/// row's keys or (`keys`, decode steps only) a run of them.
struct Part<'a> {
    g: &'a AttentionGeometry,
    query: &'a [f32],
    key: &'a [f32],
    value: &'a [f32],
    mask: Option<AttentionMask<'a>>,
    first_head: usize,
    heads: usize,
    keys: Option<(usize, usize)>,
    path: AttentionPath,
    account: &'a Account,
}

impl Part<'_> {
    /// Every row (batch entry `b`, position `i`) with the keys it sees (`self.keys`
    /// narrows them); `each(row, scores, acc, stats)` after the row's kernel ran.
    fn rows(
        &self,
        mut each: impl FnMut(usize, &[f32], &[(f32, f32)]) -> Result<(), AccelError>,
    ) -> Result<(), AccelError> {
        let g = self.g;
        let (kv_len, d) = (g.kv_len(), g.head_dim);
        let mut scores = vec![0f32; self.heads * kv_len];
        let mut acc = vec![0f32; self.heads * d];
        let mut stats = vec![(0f32, 0f32); self.heads];
        let (row, cache) = (g.heads * d, g.cache_len * g.kv_heads * d);
        for b in 0..g.batch {
            for i in 0..g.seq_len {
                self.account.check_deadline()?;
                let seen = if g.causal {
                    g.start_pos + i + 1
                } else {
                    kv_len
                };
                let (from, keys) = match self.keys {
                    Some((j0, j1)) => (j0.min(seen), j1.min(seen)),
                    None => (0, seen),
                };
                let r = Row {
                    q: &self.query[(b * g.seq_len + i) * row + self.first_head * d..]
                        [..self.heads * d],
                    k: &self.key[b * cache..][..cache],
                    v: &self.value[b * cache..][..cache],
                    mask: self.mask.map(|m| &m.values[i * m.stride..][..seen]),
                    from,
                    keys,
                    heads: self.heads,
                    first_head: self.first_head,
                    reps: g.heads / g.kv_heads,
                    kv_heads: g.kv_heads,
                    dim: d,
                    scale: g.scale,
                };
                let s = &mut scores[..self.heads * (keys - from)];
                match self.path {
                    AttentionPath::Scalar => row_body::<lanes::Scalar>(&r, s, &mut acc, &mut stats),
                    // SAFETY: `all_available` confirmed the CPU has the features.
                    AttentionPath::Avx2 => unsafe { row_avx2(&r, s, &mut acc, &mut stats) },
                    // SAFETY: as above.
                    AttentionPath::Avx512 => unsafe { row_avx512(&r, s, &mut acc, &mut stats) },
                }
                each(b * g.seq_len + i, &acc, &stats)?;
            }
        }
        Ok(())
    }

    /// `out[r]`: row `r`'s output for these heads (`heads * D` values), normalized.
    fn run(&self, out: &mut [&mut [f32]]) -> Result<(), AccelError> {
        let d = self.g.head_dim;
        self.rows(|r, acc, stats| {
            let o = out
                .get_mut(r)
                .ok_or_else(|| AccelError::invalid("attention output rows missing"))?;
            for (h, &(_, sum)) in stats.iter().enumerate() {
                let inv = 1.0 / sum;
                for (dst, &a) in o[h * d..][..d].iter_mut().zip(&acc[h * d..][..d]) {
                    *dst = a * inv;
                }
            }
            Ok(())
        })
    }

    /// The unnormalized sums of every row (one per batch entry in a decode step).
    fn partials(&self) -> Result<Partials, AccelError> {
        let mut p = Partials {
            stats: Vec::new(),
            acc: Vec::new(),
        };
        self.rows(|_, acc, stats| {
            p.stats.extend_from_slice(stats);
            p.acc.extend_from_slice(acc);
            Ok(())
        })?;
        Ok(p)
    }
}

/// One query row's inputs for heads `first_head .. first_head + heads`: their query
/// values (`heads * D`), the row's batch entry's caches, its mask row (a value per key
/// it sees).
struct Row<'a> {
    q: &'a [f32],
    k: &'a [f32],
    v: &'a [f32],
    mask: Option<&'a [f32]>,
    /// The keys `from .. keys` (all of a row's: `0 .. keys`).
    from: usize,
    keys: usize,
    heads: usize,
    first_head: usize,
    /// Query heads per KV head.
    reps: usize,
    kv_heads: usize,
    dim: usize,
    scale: f32,
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn row_avx2(r: &Row<'_>, s: &mut [f32], acc: &mut [f32], stats: &mut [(f32, f32)]) {
    row_body::<lanes::Avx2>(r, s, acc, stats);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
unsafe fn row_avx512(r: &Row<'_>, s: &mut [f32], acc: &mut [f32], stats: &mut [(f32, f32)]) {
    row_body::<lanes::Avx512>(r, s, acc, stats);
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn row_avx2(r: &Row<'_>, s: &mut [f32], acc: &mut [f32], stats: &mut [(f32, f32)]) {
    row_body::<lanes::Scalar>(r, s, acc, stats);
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn row_avx512(r: &Row<'_>, s: &mut [f32], acc: &mut [f32], stats: &mut [(f32, f32)]) {
    row_body::<lanes::Scalar>(r, s, acc, stats);
}

/// The row in lanes of `V` over keys `r.from .. r.keys`: `s` holds `heads * (keys -
/// from)` scores, `acc` gets each head's score-weighted sum of the values (`heads * D`,
/// not yet divided), `stats` each head's largest score and sum of `exp(score - max)`.
#[inline(always)]
fn row_body<V: Lanes>(r: &Row<'_>, s: &mut [f32], acc: &mut [f32], stats: &mut [(f32, f32)]) {
    let (d, kvd) = (r.dim, r.kv_heads * r.dim);
    let (j0, n) = (r.from, r.keys.saturating_sub(r.from));
    let (reps, h0) = (r.reps, r.first_head);
    for j in 0..n {
        let kpos = &r.k[(j0 + j) * kvd..][..kvd];
        for h in 0..r.heads {
            let krow = &kpos[((h0 + h) / reps) * d..][..d];
            let mut x = dot::<V>(&r.q[h * d..][..d], krow) * r.scale;
            if let Some(m) = r.mask {
                x += m[j0 + j];
            }
            s[h * n + j] = x;
        }
    }
    for (h, st) in stats.iter_mut().enumerate().take(r.heads) {
        let row = &mut s[h * n..][..n];
        let max = max_of::<V>(row);
        *st = (max, exp_shifted::<V>(row, max));
    }
    let acc = &mut acc[..r.heads * d];
    acc.fill(0.0);
    for j in 0..n {
        let vpos = &r.v[(j0 + j) * kvd..][..kvd];
        for h in 0..r.heads {
            let vrow = &vpos[((h0 + h) / reps) * d..][..d];
            axpy::<V>(s[h * n + j], vrow, &mut acc[h * d..][..d]);
        }
    }
}

/// `Σ a[i] * b[i]`.
#[inline(always)]
fn dot<V: Lanes>(a: &[f32], b: &[f32]) -> f32 {
    let len = a.len().min(b.len());
    let n = len / V::L * V::L;
    let mut i = 0;
    // SAFETY: every load is of `V::L` values below `n <= len`.
    let mut sum = unsafe {
        let mut acc = V::splat(0.0);
        while i < n {
            acc = V::fma(V::load(a.as_ptr().add(i)), V::load(b.as_ptr().add(i)), acc);
            i += V::L;
        }
        acc.sum()
    };
    for (x, y) in a[n..len].iter().zip(&b[n..len]) {
        sum = V::madd(*x, *y, sum);
    }
    sum
}

/// `acc[i] += p * x[i]`.
#[inline(always)]
fn axpy<V: Lanes>(p: f32, x: &[f32], acc: &mut [f32]) {
    let len = x.len().min(acc.len());
    let n = len / V::L * V::L;
    // SAFETY: every load and store is of `V::L` values below `n <= len`.
    unsafe {
        let pv = V::splat(p);
        let mut i = 0;
        while i < n {
            let d = acc.as_mut_ptr().add(i);
            V::fma(pv, V::load(x.as_ptr().add(i)), V::load(d)).store(d);
            i += V::L;
        }
    }
    for (a, &v) in acc[n..len].iter_mut().zip(&x[n..len]) {
        *a = V::madd(p, v, *a);
    }
}

/// The largest score; NaN scores are skipped (`-inf` when every score is NaN or there
/// are none).
#[inline(always)]
fn max_of<V: Lanes>(x: &[f32]) -> f32 {
    let n = x.len() / V::L * V::L;
    // SAFETY: every load is of `V::L` values below `n`.
    let mut m = unsafe {
        let mut m = V::splat(f32::NEG_INFINITY);
        let mut i = 0;
        while i < n {
            m = V::load(x.as_ptr().add(i)).max_skip_nan(m);
            i += V::L;
        }
        m.max_lane()
    };
    for &v in &x[n..] {
        if v > m {
            m = v;
        }
    }
    m
}

/// Replaces each score `s` by `exp(s - max)` and returns their sum.
#[inline(always)]
fn exp_shifted<V: Lanes>(x: &mut [f32], max: f32) -> f32 {
    let n = x.len() / V::L * V::L;
    // SAFETY: every load and store is of `V::L` values below `n`.
    let mut sum = unsafe {
        let (mv, mut acc) = (V::splat(max), V::splat(0.0));
        let mut i = 0;
        while i < n {
            let p = x.as_mut_ptr().add(i);
            let e = V::load(p).sub(mv).exp();
            e.store(p);
            acc = acc.add(e);
            i += V::L;
        }
        acc.sum()
    };
    for v in &mut x[n..] {
        *v = exp(*v - max);
        sum += *v;
    }
    sum
}

/// Cephes' single-precision `exp`: `n = round(x log2 e)`, `r = x - n ln 2` in two
/// parts, a degree-6 polynomial, times `2^n` split in two normal factors; 0 below
/// -87.33654, infinity above 88.72283, NaN kept. Each lane of [`Lanes::exp`] computes
/// the same (with fused multiply-adds where the lanes have them).
pub(crate) fn exp(x: f32) -> f32 {
    if x.is_nan() {
        return x;
    }
    if x < EXP_MIN {
        return 0.0;
    }
    if x > EXP_MAX {
        return f32::INFINITY;
    }
    let n = (x * std::f32::consts::LOG2_E).round_ties_even();
    let r = x - n * LN2_HI - n * LN2_LO;
    let mut p = EXP_POLY[0];
    for k in &EXP_POLY[1..] {
        p = p * r + k;
    }
    let y = p * r * r + r + 1.0;
    let e = n as i32;
    let (e1, e2) = (e >> 1, e - (e >> 1));
    let pow = |e: i32| f32::from_bits(((e + 127) as u32) << 23);
    y * pow(e1) * pow(e2)
}

/// Below it `exp` is 0 (it underflows), above [`EXP_MAX`] infinity.
const EXP_MIN: f32 = -87.336_54;
const EXP_MAX: f32 = 88.722_83;
/// `ln 2` in two parts (Cephes' `C1`, `C2`).
const LN2_HI: f32 = 0.693_359_4;
const LN2_LO: f32 = -2.121_944_4e-4;
/// The polynomial's coefficients, highest degree first.
const EXP_POLY: [f32; 6] = [
    1.987_569_1e-4,
    1.398_199_9e-3,
    8.333_452e-3,
    4.166_579_6e-2,
    1.666_666_5e-1,
    0.5,
];

mod lanes;
use lanes::Lanes;

#[cfg(test)]
mod tests;
