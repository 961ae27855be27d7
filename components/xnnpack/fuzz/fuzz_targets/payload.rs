//! Any byte string as an XNNPACK delegate payload: reading, describing, preparing and
//! (for graphs that prepare) running must return errors, never panic. Named data keys
//! resolve to zero-filled blocks, so constants stored there load too.

#![no_main]

use libfuzzer_sys::fuzz_target;
use plugboard_xnnpack::graph::{self, ConstantSource};
use plugboard_xnnpack::plugboard::runtime::types::{Error, ScalarType, Tensor};
use plugboard_xnnpack::{header, runtime};

/// Named data: every key holds 64 KiB of zeros.
struct Zeros;

impl ConstantSource for Zeros {
    fn named(&mut self, _key: &str) -> Result<Vec<u8>, Error> {
        Ok(vec![0; 1 << 16])
    }
}

fn zeros(dims: &[usize]) -> Tensor {
    let n: usize = dims.iter().product();
    Tensor {
        dtype: ScalarType::Float,
        sizes: dims.iter().map(|&d| d as u32).collect(),
        dim_order: (0..dims.len() as u8).collect(),
        data: vec![0; n * 4],
    }
}

/// `t` as the runtime reads a delegate argument; outputs carry no bytes.
fn arg(t: &Tensor, with_data: bool) -> runtime::TensorArg<'_> {
    runtime::TensorArg {
        dtype: t.dtype,
        sizes: &t.sizes,
        dim_order: &t.dim_order,
        data: if with_data { &t.data } else { &[] },
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(payload) = header::split(data) else {
        return;
    };
    let _ = graph::describe(&payload);
    let Ok(g) = graph::parse(&payload, &mut Zeros) else {
        return;
    };
    // Keep runs cheap: skip graphs with huge inputs.
    let input_dims: Vec<Vec<usize>> = g.inputs.iter().map(|&v| g.values[v].dims.clone()).collect();
    let output_dims: Vec<Vec<usize>> = g
        .outputs
        .iter()
        .map(|&v| g.values[v].dims.clone())
        .collect();
    if input_dims
        .iter()
        .chain(&output_dims)
        .any(|d| d.iter().product::<usize>() > 1 << 16)
    {
        return;
    }
    let Ok(mut rt) = runtime::PreparedDelegate::new(g) else {
        return;
    };
    let ins: Vec<Tensor> = input_dims.iter().map(|d| zeros(d)).collect();
    let outs: Vec<Tensor> = output_dims.iter().map(|d| zeros(d)).collect();
    let ins: Vec<runtime::TensorArg> = ins.iter().map(|t| arg(t, true)).collect();
    let outs: Vec<runtime::TensorArg> = outs.iter().map(|t| arg(t, false)).collect();
    let _ = rt.execute(&ins, &outs);
});
