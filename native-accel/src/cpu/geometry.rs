//! The geometry of a convolution call ([`ConvGeometry`], defined once in
//! `plugboard-compute` for the guests and the host) and the pixel walk the kernels use.

pub use plugboard_compute::geometry::ConvGeometry;

/// Output pixel `p` (NHW order) as `(n, oy, ox)`, stepped without divisions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pixel {
    pub n: usize,
    pub oy: usize,
    pub ox: usize,
}

impl Pixel {
    /// Pixel `p` of `g`'s output.
    pub(crate) fn at(g: &ConvGeometry, p: usize) -> Pixel {
        let plane = g.out_h * g.out_w;
        Pixel {
            n: p / plane,
            oy: p % plane / g.out_w,
            ox: p % g.out_w,
        }
    }

    /// Moves to the next pixel of `g`'s output.
    #[inline(always)]
    pub(crate) fn step(&mut self, g: &ConvGeometry) {
        self.ox += 1;
        if self.ox == g.out_w {
            self.ox = 0;
            self.oy += 1;
            if self.oy == g.out_h {
                self.oy = 0;
                self.n += 1;
            }
        }
    }
}
