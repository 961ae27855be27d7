//! Values of the 1.x types that 2.0 kept, converted both ways (`Cv`), so that the 1.x
//! adapter calls the 2.x logic. Each record and enum is listed once, field by field:
//! a field added to one side without the other is a compile error here.

use super::exports::plugboard::runtime::{backend_interface as v1_backend, kernels as v1_kernels};
use super::plugboard::runtime as v1;
use crate::bindings::exports::plugboard::runtime::{
    backend_interface as v2_backend, kernels as v2_kernels,
};
use crate::bindings::plugboard::runtime as v2;

/// A conversion between the 1.x and 2.x form of a value.
pub(crate) trait Cv<T> {
    fn cv(self) -> T;
}

macro_rules! identity {
    ($($t:ty),*) => { $(impl Cv<$t> for $t { fn cv(self) -> $t { self } })* };
}
identity!(u8, u32, u64, i8, i32, i64, f32, f64, bool, String);

impl<A: Cv<B>, B> Cv<Vec<B>> for Vec<A> {
    fn cv(self) -> Vec<B> {
        self.into_iter().map(Cv::cv).collect()
    }
}

impl<A: Cv<B>, B> Cv<Option<B>> for Option<A> {
    fn cv(self) -> Option<B> {
        self.map(Cv::cv)
    }
}

impl<A: Cv<C>, B: Cv<D>, C, D> Cv<(C, D)> for (A, B) {
    fn cv(self) -> (C, D) {
        (self.0.cv(), self.1.cv())
    }
}

impl<A: Cv<D>, B: Cv<E>, C: Cv<F>, D, E, F> Cv<(D, E, F)> for (A, B, C) {
    fn cv(self) -> (D, E, F) {
        (self.0.cv(), self.1.cv(), self.2.cv())
    }
}

/// A record with the same fields in both versions.
macro_rules! record {
    ($a:path, $b:path { $($f:ident),* $(,)? }) => {
        impl Cv<$b> for $a {
            fn cv(self) -> $b {
                use $b as B;
                B { $($f: self.$f.cv()),* }
            }
        }
        impl Cv<$a> for $b {
            fn cv(self) -> $a {
                use $a as A;
                A { $($f: self.$f.cv()),* }
            }
        }
    };
}

/// An enum with the same cases in both versions.
macro_rules! cases {
    ($a:path, $b:path { $($c:ident),* $(,)? }) => {
        impl Cv<$b> for $a {
            fn cv(self) -> $b {
                use $a as A;
                use $b as B;
                match self { $(A::$c => B::$c),* }
            }
        }
        impl Cv<$a> for $b {
            fn cv(self) -> $a {
                use $a as A;
                use $b as B;
                match self { $(B::$c => A::$c),* }
            }
        }
    };
}

/// A variant whose cases each carry one payload, the same in both versions.
macro_rules! payloads {
    ($a:path, $b:path { $($c:ident),* $(,)? } $(unit { $($u:ident),* })?) => {
        impl Cv<$b> for $a {
            fn cv(self) -> $b {
                use $a as A;
                use $b as B;
                match self { $(A::$c(x) => B::$c(x.cv()),)* $($(A::$u => B::$u,)*)? }
            }
        }
        impl Cv<$a> for $b {
            fn cv(self) -> $a {
                use $a as A;
                use $b as B;
                match self { $(B::$c(x) => A::$c(x.cv()),)* $($(B::$u => A::$u,)*)? }
            }
        }
    };
}

cases!(
    v1::types::ScalarType,
    v2::types::ScalarType {
        Byte,
        Char,
        Short,
        Int,
        Long,
        Half,
        Float,
        Double,
        ComplexHalf,
        ComplexFloat,
        ComplexDouble,
        Bool,
        Qint8,
        Quint8,
        Qint32,
        Bfloat16,
        Quint4x2,
        Quint2x4,
        Bits1x8,
        Bits2x4,
        Bits4x2,
        Bits8,
        Bits16,
        Float8E5m2,
        Float8E4m3fn,
        Float8E5m2fnuz,
        Float8E4m3fnuz,
        Uint16,
        Uint32,
        Uint64,
    }
);
cases!(
    v1::types::ErrorKind,
    v2::types::ErrorKind {
        Internal,
        InvalidState,
        EndOfMethod,
        NotSupported,
        NotImplemented,
        InvalidArgument,
        InvalidType,
        OperatorMissing,
        NotFound,
        MemoryAllocationFailed,
        AccessFailed,
        InvalidProgram,
        InvalidExternalData,
        OutOfResources,
        DelegateInvalidCompatibility,
        DelegateMemoryAllocationFailed,
        DelegateInvalidHandle,
    }
);
record!(v1::types::Error, v2::types::Error { kind, message });
record!(
    v1::types::Tensor,
    v2::types::Tensor {
        dtype,
        sizes,
        dim_order,
        data
    }
);
cases!(
    v1::logging::Level,
    v2::logging::Level {
        Trace,
        Debug,
        Info,
        Warn,
        Error
    }
);

record!(
    v1::cpu_accel::ConvGeometry,
    v2::cpu_accel::ConvGeometry {
        batch,
        height,
        width,
        channels_in,
        out_height,
        out_width,
        channels_out,
        kernel_height,
        kernel_width,
        stride_height,
        stride_width,
        dilation_height,
        dilation_width,
        pad_top,
        pad_left,
        groups,
    }
);
record!(
    v1::cpu_accel::Requantization,
    v2::cpu_accel::Requantization {
        input_zero_point,
        bias,
        scale,
        output_zero_point,
        output_min,
        output_max,
    }
);
cases!(
    v1::cpu_accel::Activation,
    v2::cpu_accel::Activation {
        None,
        Hardswish,
        Silu
    }
);
record!(
    v1::gpu::Limits,
    v2::gpu::Limits {
        max_buffer_size,
        max_storage_binding_size,
        max_uniform_binding_size,
        max_storage_bindings,
        max_uniform_bindings,
        max_workgroups_per_dimension,
        max_workgroups_per_dispatch,
        max_invocations_per_workgroup,
        max_workgroup_size_x,
        max_workgroup_size_y,
        max_workgroup_size_z,
        storage_offset_alignment,
        uniform_offset_alignment,
        budget,
        max_shader_bytes,
        max_pipelines,
        max_commands,
    }
);
record!(
    v1::gpu::AdapterInfo,
    v2::gpu::AdapterInfo {
        name,
        backend,
        device_type,
        driver,
        limits
    }
);
cases!(
    v1::gpu::BufferKind,
    v2::gpu::BufferKind { Storage, Uniform }
);
cases!(
    v1::gpu::BindingKind,
    v2::gpu::BindingKind {
        StorageRead,
        Storage,
        Uniform
    }
);
record!(
    v1::gpu::Binding,
    v2::gpu::Binding {
        buffer,
        offset,
        size
    }
);
record!(
    v1::gpu::Dispatch,
    v2::gpu::Dispatch {
        pipeline,
        bind_group,
        x,
        y,
        z
    }
);
record!(
    v1::gpu::BufferCopy,
    v2::gpu::BufferCopy {
        source,
        source_offset,
        destination,
        destination_offset,
        size,
    }
);
payloads!(v1::gpu::Command, v2::gpu::Command { Dispatch, Copy });
record!(
    v1::gpu::Write,
    v2::gpu::Write {
        buffer,
        offset,
        data
    }
);
record!(
    v1::gpu::Read,
    v2::gpu::Read {
        buffer,
        offset,
        size
    }
);

record!(
    v1_backend::CompileSpec,
    v2_backend::CompileSpec { key, value }
);
record!(
    v1_kernels::OperatorInfo,
    v2_kernels::OperatorInfo { name, dtypes }
);
payloads!(
    v1_kernels::KernelUpdate,
    v2_kernels::KernelUpdate {
        TensorSizes,
        ListItemSizes,
        Int,
        Double,
        Bool,
    }
);
// 1.x's `kernels.tensor-ref` is 2.0's `types.tensor-ref`, and 1.x's `kernel-arg` has
// the cases of 2.0's `evalue`.
record!(
    v1_kernels::TensorRef,
    v2::types::TensorRef {
        dtype,
        sizes,
        dim_order,
        address
    }
);
payloads!(v1_kernels::KernelArg, v2::types::Evalue {
    Int, Double, Bool, String, Tensor, IntList, DoubleList, BoolList, TensorList,
    OptionalTensorList,
} unit { None });

impl<A: Cv<C>, B: Cv<D>, C, D> Cv<Result<C, D>> for Result<A, B> {
    fn cv(self) -> Result<C, D> {
        match self {
            Ok(a) => Ok(a.cv()),
            Err(b) => Err(b.cv()),
        }
    }
}
identity!(());
