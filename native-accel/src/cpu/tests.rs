//! Native convolutions against a direct (loop-nest) reference.

use super::*;

fn account() -> Account {
    Account::new(1 << 30, 1 << 40)
}

/// Runs `f` with a fresh scratch on `threads` threads, in chunks of `chunk_work`. The
/// scratch holds spare output buffers full of garbage (NaN, 0x55) larger than any
/// output here, so every test's output reuses one: an element a convolution failed to
/// write would keep the garbage.
fn with_work<R>(threads: usize, chunk_work: usize, f: impl FnOnce(&mut Work<'_>) -> R) -> R {
    let a = account();
    let mut scratch = Scratch::default();
    let spare = |bytes| a.charge(bytes, "a test's spare buffer").unwrap();
    scratch.recycle(Charged {
        value: vec![f32::NAN; 1 << 18],
        charge: spare(4 << 18),
    });
    scratch.recycle(Charged {
        value: vec![0x55i8; 1 << 18],
        charge: spare(1 << 18),
    });
    f(&mut Work {
        account: &a,
        scratch: &mut scratch,
        threads,
        chunk_work,
    })
}

fn f32_conv(
    w: &WeightsF32,
    g: &ConvGeometry,
    x: &[f32],
    min: f32,
    max: f32,
    threads: usize,
    chunk: usize,
) -> Result<Vec<f32>, AccelError> {
    with_work(threads, chunk, |wk| {
        conv2d_f32(w, g, x, min, max, Activation::None, wk).map(|o| o.value)
    })
}

fn qs8_conv(
    w: &WeightsQs8,
    g: &ConvGeometry,
    x: &[i8],
    threads: usize,
    chunk: usize,
) -> Result<Vec<i8>, AccelError> {
    with_work(threads, chunk, |wk| {
        conv2d_qs8(w, g, x, wk).map(|o| o.value)
    })
}

#[allow(clippy::too_many_arguments)]
fn geom(
    h: usize,
    w: usize,
    ci: usize,
    co: usize,
    k: usize,
    s: usize,
    pad: usize,
    groups: usize,
) -> ConvGeometry {
    ConvGeometry {
        batch: 2,
        height: h,
        width: w,
        channels_in: ci,
        out_h: (h + 2 * pad - k) / s + 1,
        out_w: (w + 2 * pad - k) / s + 1,
        channels_out: co,
        kernel_h: k,
        kernel_w: k,
        stride_h: s,
        stride_w: s,
        dilation_h: 1,
        dilation_w: 1,
        pad_top: pad,
        pad_left: pad,
        groups,
    }
}

/// `sum over taps inside of f(x, w)` per output element, NHWC (dilated taps), in i64 /
/// f64.
fn direct<T: Copy>(g: &ConvGeometry, x: &[T], w: &[T], mut f: impl FnMut(usize, T, T)) {
    let gi = g.channels_in / g.groups;
    let go = g.channels_out / g.groups;
    let depth = g.kernel_h * g.kernel_w * gi;
    let mut o = 0;
    for n in 0..g.batch {
        for oy in 0..g.out_h {
            for ox in 0..g.out_w {
                for co in 0..g.channels_out {
                    let grp = co / go;
                    for ky in 0..g.kernel_h {
                        for kx in 0..g.kernel_w {
                            let iy =
                                (oy * g.stride_h + ky * g.dilation_h) as isize - g.pad_top as isize;
                            let ix = (ox * g.stride_w + kx * g.dilation_w) as isize
                                - g.pad_left as isize;
                            if iy < 0 || ix < 0 || iy >= g.height as isize || ix >= g.width as isize
                            {
                                continue;
                            }
                            for ci in 0..gi {
                                let xv = x[((n * g.height + iy as usize) * g.width + ix as usize)
                                    * g.channels_in
                                    + grp * gi
                                    + ci];
                                let wv = w[co * depth + (ky * g.kernel_w + kx) * gi + ci];
                                f(o, xv, wv);
                            }
                        }
                    }
                    o += 1;
                }
            }
        }
    }
}

#[test]
fn f32_matches_direct() {
    for &(h, ci, co, k, s, pad, groups) in &[
        (5, 3, 4, 3, 1, 1, 1),
        (6, 4, 6, 3, 2, 1, 2),
        (4, 8, 5, 1, 1, 0, 1),
        (7, 2, 3, 2, 2, 0, 1),
        (6, 8, 8, 3, 1, 1, 8),
        (6, 4, 8, 3, 2, 1, 4),
        // Depthwise with enough work to split its pixels across threads.
        (40, 32, 32, 3, 1, 1, 32),
    ] {
        let g = geom(h, h + 1, ci, co, k, s, pad, groups);
        let depth = g.depth().unwrap();
        let x: Vec<f32> = (0..g.input_len().unwrap())
            .map(|i| ((i * 7919) % 23) as f32 / 7.0 - 1.5)
            .collect();
        let wv: Vec<f32> = (0..co * depth)
            .map(|i| ((i * 104729) % 19) as f32 / 9.0 - 1.0)
            .collect();
        let bias: Vec<f32> = (0..co).map(|j| j as f32 * 0.1).collect();
        let w = WeightsF32::new(co, depth, groups, &wv, Some(&bias), &account()).unwrap();
        let got = f32_conv(&w, &g, &x, -2.0, 3.0, 1, CHUNK_WORK).unwrap();
        // Row blocks (or depthwise pixels) on 3 threads, and tiny chunks, give the same
        // values (several calls: the measured thread choice alternates while it trials).
        for _ in 0..4 {
            assert_eq!(f32_conv(&w, &g, &x, -2.0, 3.0, 3, CHUNK_WORK).unwrap(), got);
        }
        assert_eq!(f32_conv(&w, &g, &x, -2.0, 3.0, 1, 1).unwrap(), got);
        assert_eq!(f32_conv(&w, &g, &x, -2.0, 3.0, 1, 500).unwrap(), got);
        let mut want = vec![0.0f64; g.output_len().unwrap()];
        direct(&g, &x, &wv, |o, a, b| want[o] += a as f64 * b as f64);
        for (i, (&gv, &wv)) in got.iter().zip(&want).enumerate() {
            let r = (wv + bias[i % co] as f64).clamp(-2.0, 3.0);
            assert!((gv as f64 - r).abs() < 1e-4, "{i}: {gv} vs {r}");
        }
    }
}

#[test]
fn qs8_matches_direct() {
    for &(h, ci, co, k, s, pad, groups) in &[
        (5, 3, 4, 3, 1, 1, 1),
        (6, 4, 6, 3, 2, 1, 2),
        (4, 8, 5, 1, 1, 0, 1),
        (9, 5, 17, 3, 1, 1, 1),
        (6, 8, 8, 3, 1, 1, 8),
        (6, 4, 8, 3, 2, 1, 4),
        (40, 32, 32, 3, 1, 1, 32),
    ] {
        let g = geom(h, h, ci, co, k, s, pad, groups);
        let depth = g.depth().unwrap();
        let x: Vec<i8> = (0..g.input_len().unwrap())
            .map(|i| ((i * 7919) % 256) as u8 as i8)
            .collect();
        let wv: Vec<i8> = (0..co * depth)
            .map(|i| (((i * 104729) % 255) as i32 - 127) as i8)
            .collect();
        let bias: Vec<i32> = (0..co as i32).map(|j| j * 37 - 100).collect();
        let scale: Vec<f32> = (0..co).map(|j| 0.0007 + j as f32 * 1e-4).collect();
        let (zp_in, zp_out) = (-7, 3);
        let rq = Requantization {
            input_zero_point: zp_in,
            bias: &bias,
            scale: &scale,
            output_zero_point: zp_out,
            output_min: -100,
            output_max: 120,
        };
        let w = WeightsQs8::new(co, depth, groups, &wv, &rq, &account()).unwrap();
        let got = qs8_conv(&w, &g, &x, 1, CHUNK_WORK).unwrap();
        for _ in 0..4 {
            assert_eq!(qs8_conv(&w, &g, &x, 3, CHUNK_WORK).unwrap(), got);
        }
        assert_eq!(qs8_conv(&w, &g, &x, 1, 1).unwrap(), got);
        assert_eq!(qs8_conv(&w, &g, &x, 1, 700).unwrap(), got);
        let mut acc = vec![0i32; g.output_len().unwrap()];
        direct(&g, &x, &wv, |o, a, b| {
            acc[o] += (a as i32 - zp_in) * b as i32
        });
        for (i, (&gv, &a)) in got.iter().zip(&acc).enumerate() {
            let j = i % co;
            let v = ((a + bias[j]) as f32 * scale[j]).round_ties_even() as i32 + zp_out;
            assert_eq!(gv as i32, v.clamp(-100, 120), "{i}");
        }
    }
}

#[test]
fn bad_calls_are_errors() {
    let g = geom(5, 5, 3, 4, 3, 1, 1, 1);
    let w = WeightsF32::new(4, 27, 1, &[0.0; 108], None, &account()).unwrap();
    let conv = |g: &ConvGeometry, x: &[f32]| f32_conv(&w, g, x, 0.0, 1.0, 1, CHUNK_WORK);
    assert!(conv(&g, &[0.0; 10]).is_err());
    let mut bad = g;
    bad.channels_out = 5;
    assert!(conv(&bad, &vec![0.0; g.input_len().unwrap()]).is_err());
    let mut huge = g;
    huge.out_h = 1 << 23;
    huge.out_w = 1 << 23;
    assert!(conv(&huge, &vec![0.0; g.input_len().unwrap()]).is_err());
    assert!(WeightsF32::new(4, 27, 3, &[0.0; 108], None, &account()).is_err());
    assert!(WeightsF32::new(4, 27, 1, &[0.0; 100], None, &account()).is_err());
}

#[test]
fn weights_and_outputs_are_charged_and_released() {
    use crate::meter::AccelErrorKind;
    let a = Account::new(16 << 20, 1 << 40);
    let g = geom(64, 64, 16, 16, 3, 1, 1, 1);
    let depth = g.depth().unwrap();
    let w = WeightsF32::new(16, depth, 1, &vec![0.5; 16 * depth], None, &a).unwrap();
    let held = a.used();
    assert!(held >= w.bytes() && w.bytes() >= 16 * depth * 4, "{held}");
    let x = vec![1.0; g.input_len().unwrap()];
    let mut scratch = Scratch::default();
    let mut work = Work {
        account: &a,
        scratch: &mut scratch,
        threads: 1,
        chunk_work: CHUNK_WORK,
    };
    let out = conv2d_f32(
        &w,
        &g,
        &x,
        f32::NEG_INFINITY,
        f32::INFINITY,
        Activation::None,
        &mut work,
    )
    .unwrap();
    // Output (2 x 64 x 64 x 16 floats = 512 KiB) and scratch are charged.
    assert!(a.used() >= held + out.value.len() * 4);
    drop(out);
    drop(scratch);
    assert_eq!(a.used(), held);
    drop(w);
    assert_eq!(a.used(), 0);
    // An output past the cap is refused before it is allocated.
    let big = geom(512, 512, 16, 16, 3, 1, 1, 1);
    let w = WeightsF32::new(16, depth, 1, &vec![0.5; 16 * depth], None, &a).unwrap();
    let e = f32_conv_on(&a, &w, &big, &vec![0.0; big.input_len().unwrap()]).unwrap_err();
    assert_eq!(e.kind, AccelErrorKind::MemoryCap, "{e}");
    // Many tiny groups cost what they hold: refused at a 16 MiB cap.
    let groups = 1 << 17;
    let e = WeightsQs8::new(
        groups,
        1,
        groups,
        &vec![1; groups],
        &Requantization {
            input_zero_point: 0,
            bias: &vec![0; groups],
            scale: &vec![1.0; groups],
            output_zero_point: 0,
            output_min: -128,
            output_max: 127,
        },
        &a,
    )
    .err()
    .expect("refused");
    assert_eq!(e.kind, AccelErrorKind::MemoryCap, "{e}");
}

fn f32_conv_on(
    a: &Account,
    w: &WeightsF32,
    g: &ConvGeometry,
    x: &[f32],
) -> Result<Vec<f32>, AccelError> {
    let mut scratch = Scratch::default();
    let mut work = Work {
        account: a,
        scratch: &mut scratch,
        threads: 1,
        chunk_work: CHUNK_WORK,
    };
    conv2d_f32(w, g, x, 0.0, 1.0, Activation::None, &mut work).map(|o| o.value)
}

#[test]
fn deadline_stops_a_long_convolution_between_chunks() {
    use crate::meter::AccelErrorKind;
    let a = Account::new(1 << 30, 1 << 40);
    let g = geom(256, 256, 64, 64, 3, 1, 1, 1);
    let depth = g.depth().unwrap();
    let w = WeightsF32::new(64, depth, 1, &vec![0.01; 64 * depth], None, &a).unwrap();
    let x = vec![1.0; g.input_len().unwrap()];
    a.set_deadline(Some(
        std::time::Instant::now() + std::time::Duration::from_millis(20),
    ));
    let t = std::time::Instant::now();
    // 2 x 256 x 256 x 64 x 576 = 4.8 G MACs: seconds of work; stopped within a chunk.
    let e = f32_conv_on(&a, &w, &g, &x).unwrap_err();
    assert_eq!(e.kind, AccelErrorKind::Deadline, "{e}");
    assert!(
        t.elapsed() < std::time::Duration::from_secs(1),
        "{:?}",
        t.elapsed()
    );
    // The work cap refuses before starting.
    let small = Account::new(1 << 30, 1000);
    let e = f32_conv_on(&small, &w, &g, &x).unwrap_err();
    assert_eq!(e.kind, AccelErrorKind::WorkCap, "{e}");
}

#[test]
fn depthwise_paths_agree() {
    use crate::isa::Isa;
    for &(h, c, mult, k, s, pad) in &[
        (9, 48, 1, 3, 1, 1),
        (8, 19, 1, 3, 2, 1),
        (7, 8, 2, 3, 1, 1),
        (6, 5, 1, 5, 1, 2),
        // 25 taps (the last pair half zeros), two whole 16-channel blocks and 8 more.
        (9, 40, 1, 5, 1, 2),
    ] {
        let co = c * mult;
        let g = geom(h, h + 2, c, co, k, s, pad, c);
        let taps = k * k;
        let x: Vec<f32> = (0..g.input_len().unwrap())
            .map(|i| ((i * 7919) % 23) as f32 / 7.0 - 1.5)
            .collect();
        let wv: Vec<f32> = (0..taps * co)
            .map(|i| ((i * 104729) % 19) as f32 / 9.0 - 1.0)
            .collect();
        let bias: Vec<f32> = (0..co).map(|j| j as f32 * 0.1).collect();
        let d = depthwise::DwF32 {
            w: &wv,
            bias: &bias,
        };
        let n = g.output_len().unwrap();
        let pixels = g.batch * g.out_h * g.out_w;
        let mut want = vec![0.0; n];
        depthwise::depthwise_f32_on(Isa::Portable, &g, &d, &x, -2.0, 3.0, 0..pixels, &mut want);
        let xq: Vec<i8> = (0..g.input_len().unwrap())
            .map(|i| ((i * 7919) % 256) as u8 as i8)
            .collect();
        let wq: Vec<i32> = (0..taps * co)
            .map(|i| ((i * 104729) % 255) as i32 - 127)
            .collect();
        let bq: Vec<i32> = (0..co as i32).map(|j| j * 37 - 100).collect();
        let sq: Vec<f32> = (0..co).map(|j| 0.0007 + j as f32 * 1e-4).collect();
        // The same weights `[channels, taps]` in tap pairs (multiplier 1 only).
        let w8: Vec<i8> = (0..co * taps)
            .map(|i| wq[(i % taps) * co + i / taps] as i8)
            .collect();
        let pairs = if mult == 1 {
            super::weights::dw_pairs(&w8, co, taps)
        } else {
            Vec::new()
        };
        let dq = depthwise::DwQs8 {
            w: &wq,
            pairs: &pairs,
            bias: &bq,
            scale: &sq,
            x_zero_point: -7,
            zero_point: 3,
            qmin: -100,
            qmax: 120,
        };
        let mut want_q = vec![0i8; n];
        depthwise::depthwise_qs8_on(Isa::Portable, &g, &dq, &xq, 0..pixels, &mut want_q);
        for isa in [Isa::Avx2, Isa::Avx512] {
            if isa > Isa::detected() {
                continue;
            }
            let mut got = vec![0.0; n];
            depthwise::depthwise_f32_on(isa, &g, &d, &x, -2.0, 3.0, 0..pixels, &mut got);
            for (i, (a, b)) in got.iter().zip(&want).enumerate() {
                assert!((a - b).abs() < 1e-4, "{isa:?} {i}: {a} vs {b}");
            }
            let mut got_q = vec![0i8; n];
            depthwise::depthwise_qs8_on(isa, &g, &dq, &xq, 0..pixels, &mut got_q);
            assert_eq!(got_q, want_q, "{isa:?}");
        }
    }
}

#[test]
fn outputs_reuse_a_spare_buffer_and_chains_hand_theirs_back() {
    let g = geom(5, 6, 3, 4, 3, 1, 1, 1);
    let w = WeightsF32::new(4, 27, 1, &[0.5; 108], None, &account()).unwrap();
    let x = vec![1.0f32; g.input_len().unwrap()];
    let fresh = f32_conv(&w, &g, &x, -9.0, 9.0, 1, CHUNK_WORK).unwrap();
    with_work(1, CHUNK_WORK, |wk| {
        let out = conv2d_f32(&w, &g, &x, -9.0, 9.0, Activation::None, wk).unwrap();
        // The garbage-filled spare (capacity 2^18) became the output, charged whole.
        assert_eq!(out.value.capacity(), 1 << 18);
        assert_eq!(out.charge.bytes(), 4 << 18);
        assert_eq!(out.value, fresh);
        // Handed back, it is the next output's buffer again.
        wk.scratch.recycle(out);
        let again = conv2d_f32(&w, &g, &x, -9.0, 9.0, Activation::None, wk).unwrap();
        assert_eq!(again.value.capacity(), 1 << 18);
        assert_eq!(again.value, fresh);
    });
}

/// The direct kernel for inputs of few channels (`direct`) against im2col + GEMM and
/// the f64 loop nest: every tile width, 8- and 16-channel panels, padding on every
/// side, strides, dilations, 7x7 kernels, several images, odd pixel ranges (chunks).
#[test]
fn narrow_input_direct_path_matches_im2col() {
    let cases: &[(usize, usize, usize, usize, usize, usize, usize)] = &[
        // (h, w, ci, co, k, s, pad)
        (9, 13, 3, 32, 3, 2, 1),
        (8, 8, 3, 16, 3, 2, 1),
        (7, 11, 3, 24, 3, 1, 1),
        (6, 5, 1, 8, 3, 1, 2),
        (10, 10, 4, 40, 3, 2, 0),
        (15, 17, 3, 64, 7, 2, 3),
        (5, 23, 2, 8, 2, 1, 0),
    ];
    for &(h, w, ci, co, k, s, pad) in cases {
        for dilation in [1, 2] {
            let mut g = geom(h, w, ci, co, k, s, pad, 1);
            g.dilation_h = dilation;
            g.dilation_w = dilation;
            let span = dilation * (k - 1) + 1;
            if h + 2 * pad < span || w + 2 * pad < span {
                continue;
            }
            g.out_h = (h + 2 * pad - span) / s + 1;
            g.out_w = (w + 2 * pad - span) / s + 1;
            let depth = g.depth().unwrap();
            let x: Vec<f32> = (0..g.input_len().unwrap())
                .map(|i| ((i * 7919) % 23) as f32 / 7.0 - 1.5)
                .collect();
            let wv: Vec<f32> = (0..co * depth)
                .map(|i| ((i * 104729) % 19) as f32 / 9.0 - 1.0)
                .collect();
            let bias: Vec<f32> = (0..co).map(|j| j as f32 * 0.1).collect();
            let wt = WeightsF32::new(co, depth, 1, &wv, Some(&bias), &account()).unwrap();
            let run = |path, threads, chunk| {
                with_work(threads, chunk, |wk| {
                    conv2d_f32_with_path(path, &wt, &g, &x, -2.0, 3.0, Activation::None, wk)
                        .map(|o| o.value)
                })
                .unwrap()
            };
            let gemm = run(ConvF32Path::Im2colGemm, 1, CHUNK_WORK);
            let auto = run(ConvF32Path::Auto, 1, CHUNK_WORK);
            assert_eq!(auto.len(), gemm.len());
            for (i, (a, b)) in auto.iter().zip(&gemm).enumerate() {
                assert!(
                    (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
                    "{g:?} at {i}: direct {a} vs im2col {b}"
                );
            }
            // Chunks of a few pixels and several threads give the same values.
            assert_eq!(run(ConvF32Path::Auto, 3, CHUNK_WORK), auto);
            assert_eq!(run(ConvF32Path::Auto, 1, 700), auto);
            let mut want = vec![0.0f64; g.output_len().unwrap()];
            direct(&g, &x, &wv, |o, a, b| want[o] += a as f64 * b as f64);
            for (o, v) in want.iter_mut().enumerate() {
                *v = (*v + bias[o % co] as f64).clamp(-2.0, 3.0);
            }
            for (i, (a, b)) in auto.iter().zip(&want).enumerate() {
                assert!((*a as f64 - b).abs() < 1e-4, "{g:?} at {i}: {a} vs {b}");
            }
        }
    }
}
