//! The geometry of a 2-D convolution as the `conv-geometry` record of `wit/accel.wit`
//! carries it, and its checks: one definition for the guests that send it (the XNNPACK
//! backend checks its convolutions with it before it hands them over) and for the
//! host's native kernels that receive it (`native-accel` re-exports it).

/// A 2-D convolution over an NHWC tensor `[batch, height, width, channels_in]` giving
/// `[batch, out_h, out_w, channels_out]`; paddings resolved, `groups` independent
/// channel groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvGeometry {
    pub batch: usize,
    pub height: usize,
    pub width: usize,
    pub channels_in: usize,
    pub out_h: usize,
    pub out_w: usize,
    pub channels_out: usize,
    pub kernel_h: usize,
    pub kernel_w: usize,
    pub stride_h: usize,
    pub stride_w: usize,
    pub dilation_h: usize,
    pub dilation_w: usize,
    pub pad_top: usize,
    pub pad_left: usize,
    pub groups: usize,
}

/// Largest single dimension accepted (keeps every index product far from overflow).
const MAX_DIM: usize = 1 << 24;

impl ConvGeometry {
    /// Checks that every field is in range and the groups divide the channels.
    pub fn check(&self) -> Result<(), String> {
        let dims = [
            self.batch,
            self.height,
            self.width,
            self.channels_in,
            self.out_h,
            self.out_w,
            self.channels_out,
            self.kernel_h,
            self.kernel_w,
            self.stride_h,
            self.stride_w,
            self.dilation_h,
            self.dilation_w,
            self.groups,
        ];
        if dims.iter().any(|&d| d == 0 || d > MAX_DIM)
            || self.pad_top > MAX_DIM
            || self.pad_left > MAX_DIM
        {
            return Err(format!("geometry out of range: {self:?}"));
        }
        if !self.channels_in.is_multiple_of(self.groups)
            || !self.channels_out.is_multiple_of(self.groups)
        {
            return Err(format!("{} groups do not divide the channels", self.groups));
        }
        // The last window position must stay within a sane distance of the input.
        let reach = |o: usize, s: usize, k: usize, d: usize| {
            (o - 1)
                .checked_mul(s)
                .and_then(|v| v.checked_add((k - 1).checked_mul(d)?))
        };
        if reach(self.out_h, self.stride_h, self.kernel_h, self.dilation_h)
            .is_none_or(|r| r > 2 * MAX_DIM)
            || reach(self.out_w, self.stride_w, self.kernel_w, self.dilation_w)
                .is_none_or(|r| r > 2 * MAX_DIM)
        {
            return Err(format!("window reach out of range: {self:?}"));
        }
        Ok(())
    }

    /// Input channels of one group (`channels_in / groups`).
    pub fn group_in(&self) -> usize {
        self.channels_in / self.groups.max(1)
    }

    /// Output channels of one group (`channels_out / groups`).
    pub fn group_out(&self) -> usize {
        self.channels_out / self.groups.max(1)
    }

    /// Output pixels (`batch * out_h * out_w`), unchecked: for a geometry whose
    /// output tensor was already sized (see [`output_len`](Self::output_len)).
    pub fn pixels(&self) -> usize {
        self.batch * self.out_h * self.out_w
    }

    /// `kernel_h * kernel_w * channels_in / groups`.
    pub fn depth(&self) -> Option<usize> {
        self.kernel_h
            .checked_mul(self.kernel_w)?
            .checked_mul(self.channels_in / self.groups)
    }

    /// Multiply-accumulates of the convolution (taps outside the input included), or
    /// `None` on overflow.
    pub fn macs(&self) -> Option<u64> {
        let per_output = u64::try_from(self.depth()?).ok()?;
        u64::try_from(self.output_len()?)
            .ok()?
            .checked_mul(per_output)
    }

    /// Elements of the input.
    pub fn input_len(&self) -> Option<usize> {
        [self.height, self.width, self.channels_in]
            .iter()
            .try_fold(self.batch, |a, &d| a.checked_mul(d))
    }

    /// Elements of the output.
    pub fn output_len(&self) -> Option<usize> {
        [self.out_h, self.out_w, self.channels_out]
            .iter()
            .try_fold(self.batch, |a, &d| a.checked_mul(d))
    }

    /// Whether the input already is the im2col matrix (1x1, stride 1, no padding,
    /// same spatial size).
    pub fn is_pointwise(&self) -> bool {
        self.kernel_h == 1
            && self.kernel_w == 1
            && self.stride_h == 1
            && self.stride_w == 1
            && self.pad_top == 0
            && self.pad_left == 0
            && self.out_h == self.height
            && self.out_w == self.width
    }
}
