pub use root::*;

const _: () = ::planus::check_version_compatibility("planus-1.3.0");

/// The root namespace
///
/// Generated from these locations:
/// * File `components/vulkan/schema/vulkan.fbs`
#[no_implicit_prelude]
#[allow(clippy::needless_lifetimes)]
mod root {
    /// The namespace `vkgraph`
    ///
    /// Generated from these locations:
    /// * File `components/vulkan/schema/vulkan.fbs`
    pub mod vkgraph {
        /// The table `OperatorCall` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `OperatorCall` in the file `components/vulkan/schema/vulkan.fbs:19`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct OperatorCall {
            /// The field `node_id` in the table `OperatorCall`
            pub node_id: u32,
            /// The field `name` in the table `OperatorCall`
            pub name: ::core::option::Option<::planus::alloc::string::String>,
            /// The field `args` in the table `OperatorCall`
            pub args: ::core::option::Option<::planus::alloc::vec::Vec<i32>>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for OperatorCall {
            fn default() -> Self {
                Self {
                    node_id: 0,
                    name: ::core::default::Default::default(),
                    args: ::core::default::Default::default(),
                }
            }
        }

        impl OperatorCall {
            /// Creates a [OperatorCallBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> OperatorCallBuilder<()> {
                OperatorCallBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_node_id: impl ::planus::WriteAsDefault<u32, u32>,
                field_name: impl ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                field_args: impl ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            ) -> ::planus::Offset<Self> {
                let prepared_node_id = field_node_id.prepare(builder, &0);
                let prepared_name = field_name.prepare(builder);
                let prepared_args = field_args.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<10> =
                    ::core::default::Default::default();
                if prepared_node_id.is_some() {
                    table_writer.write_entry::<u32>(0);
                }
                if prepared_name.is_some() {
                    table_writer.write_entry::<::planus::Offset<str>>(1);
                }
                if prepared_args.is_some() {
                    table_writer.write_entry::<::planus::Offset<[i32]>>(2);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_node_id) = prepared_node_id {
                            object_writer.write::<_, _, 4>(&prepared_node_id);
                        }
                        if let ::core::option::Option::Some(prepared_name) = prepared_name {
                            object_writer.write::<_, _, 4>(&prepared_name);
                        }
                        if let ::core::option::Option::Some(prepared_args) = prepared_args {
                            object_writer.write::<_, _, 4>(&prepared_args);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<OperatorCall>> for OperatorCall {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<OperatorCall> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<OperatorCall>> for OperatorCall {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<OperatorCall>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<OperatorCall> for OperatorCall {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<OperatorCall> {
                OperatorCall::create(builder, self.node_id, &self.name, &self.args)
            }
        }

        /// Builder for serializing an instance of the [OperatorCall] type.
        ///
        /// Can be created using the [OperatorCall::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct OperatorCallBuilder<State>(State);

        impl OperatorCallBuilder<()> {
            /// Setter for the [`node_id` field](OperatorCall#structfield.node_id).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn node_id<T0>(self, value: T0) -> OperatorCallBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<u32, u32>,
            {
                OperatorCallBuilder((value,))
            }

            /// Sets the [`node_id` field](OperatorCall#structfield.node_id) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn node_id_as_default(self) -> OperatorCallBuilder<(::planus::DefaultValue,)> {
                self.node_id(::planus::DefaultValue)
            }
        }

        impl<T0> OperatorCallBuilder<(T0,)> {
            /// Setter for the [`name` field](OperatorCall#structfield.name).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn name<T1>(self, value: T1) -> OperatorCallBuilder<(T0, T1)>
            where
                T1: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            {
                let (v0,) = self.0;
                OperatorCallBuilder((v0, value))
            }

            /// Sets the [`name` field](OperatorCall#structfield.name) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn name_as_null(self) -> OperatorCallBuilder<(T0, ())> {
                self.name(())
            }
        }

        impl<T0, T1> OperatorCallBuilder<(T0, T1)> {
            /// Setter for the [`args` field](OperatorCall#structfield.args).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn args<T2>(self, value: T2) -> OperatorCallBuilder<(T0, T1, T2)>
            where
                T2: ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            {
                let (v0, v1) = self.0;
                OperatorCallBuilder((v0, v1, value))
            }

            /// Sets the [`args` field](OperatorCall#structfield.args) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn args_as_null(self) -> OperatorCallBuilder<(T0, T1, ())> {
                self.args(())
            }
        }

        impl<T0, T1, T2> OperatorCallBuilder<(T0, T1, T2)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [OperatorCall].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<OperatorCall>
            where
                Self: ::planus::WriteAsOffset<OperatorCall>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<u32, u32>,
                T1: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                T2: ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            > ::planus::WriteAs<::planus::Offset<OperatorCall>>
            for OperatorCallBuilder<(T0, T1, T2)>
        {
            type Prepared = ::planus::Offset<OperatorCall>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<OperatorCall> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<u32, u32>,
                T1: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                T2: ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            > ::planus::WriteAsOptional<::planus::Offset<OperatorCall>>
            for OperatorCallBuilder<(T0, T1, T2)>
        {
            type Prepared = ::planus::Offset<OperatorCall>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<OperatorCall>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<u32, u32>,
                T1: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                T2: ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            > ::planus::WriteAsOffset<OperatorCall> for OperatorCallBuilder<(T0, T1, T2)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<OperatorCall> {
                let (v0, v1, v2) = &self.0;
                OperatorCall::create(builder, v0, v1, v2)
            }
        }

        /// Reference to a deserialized [OperatorCall].
        #[derive(Copy, Clone)]
        pub struct OperatorCallRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> OperatorCallRef<'a> {
            /// Getter for the [`node_id` field](OperatorCall#structfield.node_id).
            #[inline]
            pub fn node_id(&self) -> ::planus::Result<u32> {
                ::core::result::Result::Ok(
                    self.0.access(0, "OperatorCall", "node_id")?.unwrap_or(0),
                )
            }

            /// Getter for the [`name` field](OperatorCall#structfield.name).
            #[inline]
            pub fn name(
                &self,
            ) -> ::planus::Result<::core::option::Option<&'a ::core::primitive::str>> {
                self.0.access(1, "OperatorCall", "name")
            }

            /// Getter for the [`args` field](OperatorCall#structfield.args).
            #[inline]
            pub fn args(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, i32>>> {
                self.0.access(2, "OperatorCall", "args")
            }
        }

        impl<'a> ::core::fmt::Debug for OperatorCallRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("OperatorCallRef");
                f.field("node_id", &self.node_id());
                if let ::core::option::Option::Some(field_name) = self.name().transpose() {
                    f.field("name", &field_name);
                }
                if let ::core::option::Option::Some(field_args) = self.args().transpose() {
                    f.field("args", &field_args);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<OperatorCallRef<'a>> for OperatorCall {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: OperatorCallRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    node_id: ::core::convert::TryInto::try_into(value.node_id()?)?,
                    name: value.name()?.map(::core::convert::Into::into),
                    args: if let ::core::option::Option::Some(args) = value.args()? {
                        ::core::option::Option::Some(args.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for OperatorCallRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for OperatorCallRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location(
                        "[OperatorCallRef]",
                        "get",
                        buffer.offset_from_start,
                    )
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<OperatorCall>> for OperatorCall {
            type Value = ::planus::Offset<OperatorCall>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<OperatorCall>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for OperatorCallRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[OperatorCallRef]", "read_as_root", 0)
                })
            }
        }

        /// The enum `VkDataType` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Enum `VkDataType` in the file `components/vulkan/schema/vulkan.fbs:26`
        #[derive(
            Copy,
            Clone,
            Debug,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        #[repr(i8)]
        pub enum VkDataType {
            /// The variant `BOOL` in the enum `VkDataType`
            Bool = 0,

            /// The variant `UINT8` in the enum `VkDataType`
            Uint8 = 1,

            /// The variant `INT8` in the enum `VkDataType`
            Int8 = 2,

            /// The variant `INT32` in the enum `VkDataType`
            Int32 = 3,

            /// The variant `FLOAT16` in the enum `VkDataType`
            Float16 = 4,

            /// The variant `FLOAT32` in the enum `VkDataType`
            Float32 = 5,

            /// The variant `FLOAT64` in the enum `VkDataType`
            Float64 = 6,

            /// The variant `INT64` in the enum `VkDataType`
            Int64 = 7,

            /// The variant `UNSET` in the enum `VkDataType`
            Unset = 127,
        }

        impl VkDataType {
            /// Array containing all valid variants of VkDataType
            pub const ENUM_VALUES: [Self; 9] = [
                Self::Bool,
                Self::Uint8,
                Self::Int8,
                Self::Int32,
                Self::Float16,
                Self::Float32,
                Self::Float64,
                Self::Int64,
                Self::Unset,
            ];
        }

        impl ::core::convert::TryFrom<i8> for VkDataType {
            type Error = ::planus::errors::UnknownEnumTagKind;
            #[inline]
            fn try_from(
                value: i8,
            ) -> ::core::result::Result<Self, ::planus::errors::UnknownEnumTagKind> {
                #[allow(clippy::match_single_binding)]
                match value {
                    0 => ::core::result::Result::Ok(VkDataType::Bool),
                    1 => ::core::result::Result::Ok(VkDataType::Uint8),
                    2 => ::core::result::Result::Ok(VkDataType::Int8),
                    3 => ::core::result::Result::Ok(VkDataType::Int32),
                    4 => ::core::result::Result::Ok(VkDataType::Float16),
                    5 => ::core::result::Result::Ok(VkDataType::Float32),
                    6 => ::core::result::Result::Ok(VkDataType::Float64),
                    7 => ::core::result::Result::Ok(VkDataType::Int64),
                    127 => ::core::result::Result::Ok(VkDataType::Unset),

                    _ => ::core::result::Result::Err(::planus::errors::UnknownEnumTagKind {
                        tag: value as i128,
                    }),
                }
            }
        }

        impl ::core::convert::From<VkDataType> for i8 {
            #[inline]
            fn from(value: VkDataType) -> Self {
                value as i8
            }
        }

        /// # Safety
        /// The Planus compiler correctly calculates `ALIGNMENT` and `SIZE`.
        unsafe impl ::planus::Primitive for VkDataType {
            const ALIGNMENT: usize = 1;
            const SIZE: usize = 1;
        }

        impl ::planus::WriteAsPrimitive<VkDataType> for VkDataType {
            #[inline]
            fn write<const N: usize>(&self, cursor: ::planus::Cursor<'_, N>, buffer_position: u32) {
                (*self as i8).write(cursor, buffer_position);
            }
        }

        impl ::planus::WriteAs<VkDataType> for VkDataType {
            type Prepared = Self;

            #[inline]
            fn prepare(&self, _builder: &mut ::planus::Builder) -> VkDataType {
                *self
            }
        }

        impl ::planus::WriteAsDefault<VkDataType, VkDataType> for VkDataType {
            type Prepared = Self;

            #[inline]
            fn prepare(
                &self,
                _builder: &mut ::planus::Builder,
                default: &VkDataType,
            ) -> ::core::option::Option<VkDataType> {
                if self == default {
                    ::core::option::Option::None
                } else {
                    ::core::option::Option::Some(*self)
                }
            }
        }

        impl ::planus::WriteAsOptional<VkDataType> for VkDataType {
            type Prepared = Self;

            #[inline]
            fn prepare(
                &self,
                _builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<VkDataType> {
                ::core::option::Option::Some(*self)
            }
        }

        impl<'buf> ::planus::TableRead<'buf> for VkDataType {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'buf>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                let n: i8 = ::planus::TableRead::from_buffer(buffer, offset)?;
                ::core::result::Result::Ok(::core::convert::TryInto::try_into(n)?)
            }
        }

        impl<'buf> ::planus::VectorReadInner<'buf> for VkDataType {
            type Error = ::planus::errors::UnknownEnumTag;
            const STRIDE: usize = 1;
            #[inline]
            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'buf>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::UnknownEnumTag> {
                let value = unsafe { *buffer.buffer.get_unchecked(offset) as i8 };
                let value: ::core::result::Result<Self, _> =
                    ::core::convert::TryInto::try_into(value);
                value.map_err(|error_kind| {
                    error_kind.with_error_location(
                        "VkDataType",
                        "VectorRead::from_buffer",
                        buffer.offset_from_start,
                    )
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<VkDataType> for VkDataType {
            const STRIDE: usize = 1;

            type Value = Self;

            #[inline]
            fn prepare(&self, _builder: &mut ::planus::Builder) -> Self {
                *self
            }

            #[inline]
            unsafe fn write_values(
                values: &[Self],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 1];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - i as u32,
                    );
                }
            }
        }

        /// The enum `VkStorageType` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Enum `VkStorageType` in the file `components/vulkan/schema/vulkan.fbs:39`
        #[derive(
            Copy,
            Clone,
            Debug,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        #[repr(u8)]
        pub enum VkStorageType {
            /// The variant `BUFFER` in the enum `VkStorageType`
            Buffer = 0,

            /// The variant `TEXTURE_3D` in the enum `VkStorageType`
            Texture3d = 1,

            /// The variant `TEXTURE_2D` in the enum `VkStorageType`
            Texture2d = 2,

            /// The variant `DEFAULT_STORAGE` in the enum `VkStorageType`
            DefaultStorage = 255,
        }

        impl VkStorageType {
            /// Array containing all valid variants of VkStorageType
            pub const ENUM_VALUES: [Self; 4] = [
                Self::Buffer,
                Self::Texture3d,
                Self::Texture2d,
                Self::DefaultStorage,
            ];
        }

        impl ::core::convert::TryFrom<u8> for VkStorageType {
            type Error = ::planus::errors::UnknownEnumTagKind;
            #[inline]
            fn try_from(
                value: u8,
            ) -> ::core::result::Result<Self, ::planus::errors::UnknownEnumTagKind> {
                #[allow(clippy::match_single_binding)]
                match value {
                    0 => ::core::result::Result::Ok(VkStorageType::Buffer),
                    1 => ::core::result::Result::Ok(VkStorageType::Texture3d),
                    2 => ::core::result::Result::Ok(VkStorageType::Texture2d),
                    255 => ::core::result::Result::Ok(VkStorageType::DefaultStorage),

                    _ => ::core::result::Result::Err(::planus::errors::UnknownEnumTagKind {
                        tag: value as i128,
                    }),
                }
            }
        }

        impl ::core::convert::From<VkStorageType> for u8 {
            #[inline]
            fn from(value: VkStorageType) -> Self {
                value as u8
            }
        }

        /// # Safety
        /// The Planus compiler correctly calculates `ALIGNMENT` and `SIZE`.
        unsafe impl ::planus::Primitive for VkStorageType {
            const ALIGNMENT: usize = 1;
            const SIZE: usize = 1;
        }

        impl ::planus::WriteAsPrimitive<VkStorageType> for VkStorageType {
            #[inline]
            fn write<const N: usize>(&self, cursor: ::planus::Cursor<'_, N>, buffer_position: u32) {
                (*self as u8).write(cursor, buffer_position);
            }
        }

        impl ::planus::WriteAs<VkStorageType> for VkStorageType {
            type Prepared = Self;

            #[inline]
            fn prepare(&self, _builder: &mut ::planus::Builder) -> VkStorageType {
                *self
            }
        }

        impl ::planus::WriteAsDefault<VkStorageType, VkStorageType> for VkStorageType {
            type Prepared = Self;

            #[inline]
            fn prepare(
                &self,
                _builder: &mut ::planus::Builder,
                default: &VkStorageType,
            ) -> ::core::option::Option<VkStorageType> {
                if self == default {
                    ::core::option::Option::None
                } else {
                    ::core::option::Option::Some(*self)
                }
            }
        }

        impl ::planus::WriteAsOptional<VkStorageType> for VkStorageType {
            type Prepared = Self;

            #[inline]
            fn prepare(
                &self,
                _builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<VkStorageType> {
                ::core::option::Option::Some(*self)
            }
        }

        impl<'buf> ::planus::TableRead<'buf> for VkStorageType {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'buf>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                let n: u8 = ::planus::TableRead::from_buffer(buffer, offset)?;
                ::core::result::Result::Ok(::core::convert::TryInto::try_into(n)?)
            }
        }

        impl<'buf> ::planus::VectorReadInner<'buf> for VkStorageType {
            type Error = ::planus::errors::UnknownEnumTag;
            const STRIDE: usize = 1;
            #[inline]
            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'buf>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::UnknownEnumTag> {
                let value = unsafe { *buffer.buffer.get_unchecked(offset) };
                let value: ::core::result::Result<Self, _> =
                    ::core::convert::TryInto::try_into(value);
                value.map_err(|error_kind| {
                    error_kind.with_error_location(
                        "VkStorageType",
                        "VectorRead::from_buffer",
                        buffer.offset_from_start,
                    )
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<VkStorageType> for VkStorageType {
            const STRIDE: usize = 1;

            type Value = Self;

            #[inline]
            fn prepare(&self, _builder: &mut ::planus::Builder) -> Self {
                *self
            }

            #[inline]
            unsafe fn write_values(
                values: &[Self],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 1];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - i as u32,
                    );
                }
            }
        }

        /// The enum `VkMemoryLayout` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Enum `VkMemoryLayout` in the file `components/vulkan/schema/vulkan.fbs:47`
        #[derive(
            Copy,
            Clone,
            Debug,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        #[repr(u8)]
        pub enum VkMemoryLayout {
            /// The variant `TENSOR_WIDTH_PACKED` in the enum `VkMemoryLayout`
            TensorWidthPacked = 0,

            /// The variant `TENSOR_HEIGHT_PACKED` in the enum `VkMemoryLayout`
            TensorHeightPacked = 1,

            /// The variant `TENSOR_CHANNELS_PACKED` in the enum `VkMemoryLayout`
            TensorChannelsPacked = 2,

            /// The variant `PACKED_INT8_4W4C` in the enum `VkMemoryLayout`
            PackedInt84w4c = 3,

            /// The variant `PACKED_INT8_4H4W` in the enum `VkMemoryLayout`
            PackedInt84h4w = 4,

            /// The variant `PACKED_INT8_4W` in the enum `VkMemoryLayout`
            PackedInt84w = 5,

            /// The variant `PACKED_INT8_4C` in the enum `VkMemoryLayout`
            PackedInt84c = 6,

            /// The variant `PACKED_INT8_4C1W` in the enum `VkMemoryLayout`
            PackedInt84c1w = 8,

            /// The variant `PACKED_INT8_CONV2D` in the enum `VkMemoryLayout`
            PackedInt8Conv2d = 9,

            /// The variant `DEFAULT_LAYOUT` in the enum `VkMemoryLayout`
            DefaultLayout = 255,
        }

        impl VkMemoryLayout {
            /// Array containing all valid variants of VkMemoryLayout
            pub const ENUM_VALUES: [Self; 10] = [
                Self::TensorWidthPacked,
                Self::TensorHeightPacked,
                Self::TensorChannelsPacked,
                Self::PackedInt84w4c,
                Self::PackedInt84h4w,
                Self::PackedInt84w,
                Self::PackedInt84c,
                Self::PackedInt84c1w,
                Self::PackedInt8Conv2d,
                Self::DefaultLayout,
            ];
        }

        impl ::core::convert::TryFrom<u8> for VkMemoryLayout {
            type Error = ::planus::errors::UnknownEnumTagKind;
            #[inline]
            fn try_from(
                value: u8,
            ) -> ::core::result::Result<Self, ::planus::errors::UnknownEnumTagKind> {
                #[allow(clippy::match_single_binding)]
                match value {
                    0 => ::core::result::Result::Ok(VkMemoryLayout::TensorWidthPacked),
                    1 => ::core::result::Result::Ok(VkMemoryLayout::TensorHeightPacked),
                    2 => ::core::result::Result::Ok(VkMemoryLayout::TensorChannelsPacked),
                    3 => ::core::result::Result::Ok(VkMemoryLayout::PackedInt84w4c),
                    4 => ::core::result::Result::Ok(VkMemoryLayout::PackedInt84h4w),
                    5 => ::core::result::Result::Ok(VkMemoryLayout::PackedInt84w),
                    6 => ::core::result::Result::Ok(VkMemoryLayout::PackedInt84c),
                    8 => ::core::result::Result::Ok(VkMemoryLayout::PackedInt84c1w),
                    9 => ::core::result::Result::Ok(VkMemoryLayout::PackedInt8Conv2d),
                    255 => ::core::result::Result::Ok(VkMemoryLayout::DefaultLayout),

                    _ => ::core::result::Result::Err(::planus::errors::UnknownEnumTagKind {
                        tag: value as i128,
                    }),
                }
            }
        }

        impl ::core::convert::From<VkMemoryLayout> for u8 {
            #[inline]
            fn from(value: VkMemoryLayout) -> Self {
                value as u8
            }
        }

        /// # Safety
        /// The Planus compiler correctly calculates `ALIGNMENT` and `SIZE`.
        unsafe impl ::planus::Primitive for VkMemoryLayout {
            const ALIGNMENT: usize = 1;
            const SIZE: usize = 1;
        }

        impl ::planus::WriteAsPrimitive<VkMemoryLayout> for VkMemoryLayout {
            #[inline]
            fn write<const N: usize>(&self, cursor: ::planus::Cursor<'_, N>, buffer_position: u32) {
                (*self as u8).write(cursor, buffer_position);
            }
        }

        impl ::planus::WriteAs<VkMemoryLayout> for VkMemoryLayout {
            type Prepared = Self;

            #[inline]
            fn prepare(&self, _builder: &mut ::planus::Builder) -> VkMemoryLayout {
                *self
            }
        }

        impl ::planus::WriteAsDefault<VkMemoryLayout, VkMemoryLayout> for VkMemoryLayout {
            type Prepared = Self;

            #[inline]
            fn prepare(
                &self,
                _builder: &mut ::planus::Builder,
                default: &VkMemoryLayout,
            ) -> ::core::option::Option<VkMemoryLayout> {
                if self == default {
                    ::core::option::Option::None
                } else {
                    ::core::option::Option::Some(*self)
                }
            }
        }

        impl ::planus::WriteAsOptional<VkMemoryLayout> for VkMemoryLayout {
            type Prepared = Self;

            #[inline]
            fn prepare(
                &self,
                _builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<VkMemoryLayout> {
                ::core::option::Option::Some(*self)
            }
        }

        impl<'buf> ::planus::TableRead<'buf> for VkMemoryLayout {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'buf>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                let n: u8 = ::planus::TableRead::from_buffer(buffer, offset)?;
                ::core::result::Result::Ok(::core::convert::TryInto::try_into(n)?)
            }
        }

        impl<'buf> ::planus::VectorReadInner<'buf> for VkMemoryLayout {
            type Error = ::planus::errors::UnknownEnumTag;
            const STRIDE: usize = 1;
            #[inline]
            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'buf>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::UnknownEnumTag> {
                let value = unsafe { *buffer.buffer.get_unchecked(offset) };
                let value: ::core::result::Result<Self, _> =
                    ::core::convert::TryInto::try_into(value);
                value.map_err(|error_kind| {
                    error_kind.with_error_location(
                        "VkMemoryLayout",
                        "VectorRead::from_buffer",
                        buffer.offset_from_start,
                    )
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<VkMemoryLayout> for VkMemoryLayout {
            const STRIDE: usize = 1;

            type Value = Self;

            #[inline]
            fn prepare(&self, _builder: &mut ::planus::Builder) -> Self {
                *self
            }

            #[inline]
            unsafe fn write_values(
                values: &[Self],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 1];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - i as u32,
                    );
                }
            }
        }

        /// The table `VkTensor` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `VkTensor` in the file `components/vulkan/schema/vulkan.fbs:60`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct VkTensor {
            /// The field `datatype` in the table `VkTensor`
            pub datatype: self::VkDataType,
            /// The field `dims` in the table `VkTensor`
            pub dims: ::core::option::Option<::planus::alloc::vec::Vec<u32>>,
            /// The field `constant_id` in the table `VkTensor`
            pub constant_id: i32,
            /// The field `mem_obj_id` in the table `VkTensor`
            pub mem_obj_id: i32,
            /// The field `storage_type` in the table `VkTensor`
            pub storage_type: self::VkStorageType,
            /// The field `memory_layout` in the table `VkTensor`
            pub memory_layout: self::VkMemoryLayout,
            /// The field `staging_datatype` in the table `VkTensor`
            pub staging_datatype: self::VkDataType,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for VkTensor {
            fn default() -> Self {
                Self {
                    datatype: self::VkDataType::Bool,
                    dims: ::core::default::Default::default(),
                    constant_id: 0,
                    mem_obj_id: 0,
                    storage_type: self::VkStorageType::DefaultStorage,
                    memory_layout: self::VkMemoryLayout::DefaultLayout,
                    staging_datatype: self::VkDataType::Unset,
                }
            }
        }

        impl VkTensor {
            /// Creates a [VkTensorBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> VkTensorBuilder<()> {
                VkTensorBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_datatype: impl ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
                field_dims: impl ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                field_constant_id: impl ::planus::WriteAsDefault<i32, i32>,
                field_mem_obj_id: impl ::planus::WriteAsDefault<i32, i32>,
                field_storage_type: impl ::planus::WriteAsDefault<
                    self::VkStorageType,
                    self::VkStorageType,
                >,
                field_memory_layout: impl ::planus::WriteAsDefault<
                    self::VkMemoryLayout,
                    self::VkMemoryLayout,
                >,
                field_staging_datatype: impl ::planus::WriteAsDefault<
                    self::VkDataType,
                    self::VkDataType,
                >,
            ) -> ::planus::Offset<Self> {
                let prepared_datatype = field_datatype.prepare(builder, &self::VkDataType::Bool);
                let prepared_dims = field_dims.prepare(builder);
                let prepared_constant_id = field_constant_id.prepare(builder, &0);
                let prepared_mem_obj_id = field_mem_obj_id.prepare(builder, &0);
                let prepared_storage_type =
                    field_storage_type.prepare(builder, &self::VkStorageType::DefaultStorage);
                let prepared_memory_layout =
                    field_memory_layout.prepare(builder, &self::VkMemoryLayout::DefaultLayout);
                let prepared_staging_datatype =
                    field_staging_datatype.prepare(builder, &self::VkDataType::Unset);

                let mut table_writer: ::planus::table_writer::TableWriter<18> =
                    ::core::default::Default::default();
                if prepared_dims.is_some() {
                    table_writer.write_entry::<::planus::Offset<[u32]>>(1);
                }
                if prepared_constant_id.is_some() {
                    table_writer.write_entry::<i32>(2);
                }
                if prepared_mem_obj_id.is_some() {
                    table_writer.write_entry::<i32>(3);
                }
                if prepared_datatype.is_some() {
                    table_writer.write_entry::<self::VkDataType>(0);
                }
                if prepared_storage_type.is_some() {
                    table_writer.write_entry::<self::VkStorageType>(4);
                }
                if prepared_memory_layout.is_some() {
                    table_writer.write_entry::<self::VkMemoryLayout>(5);
                }
                if prepared_staging_datatype.is_some() {
                    table_writer.write_entry::<self::VkDataType>(6);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_dims) = prepared_dims {
                            object_writer.write::<_, _, 4>(&prepared_dims);
                        }
                        if let ::core::option::Option::Some(prepared_constant_id) =
                            prepared_constant_id
                        {
                            object_writer.write::<_, _, 4>(&prepared_constant_id);
                        }
                        if let ::core::option::Option::Some(prepared_mem_obj_id) =
                            prepared_mem_obj_id
                        {
                            object_writer.write::<_, _, 4>(&prepared_mem_obj_id);
                        }
                        if let ::core::option::Option::Some(prepared_datatype) = prepared_datatype {
                            object_writer.write::<_, _, 1>(&prepared_datatype);
                        }
                        if let ::core::option::Option::Some(prepared_storage_type) =
                            prepared_storage_type
                        {
                            object_writer.write::<_, _, 1>(&prepared_storage_type);
                        }
                        if let ::core::option::Option::Some(prepared_memory_layout) =
                            prepared_memory_layout
                        {
                            object_writer.write::<_, _, 1>(&prepared_memory_layout);
                        }
                        if let ::core::option::Option::Some(prepared_staging_datatype) =
                            prepared_staging_datatype
                        {
                            object_writer.write::<_, _, 1>(&prepared_staging_datatype);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<VkTensor>> for VkTensor {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkTensor> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<VkTensor>> for VkTensor {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkTensor>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<VkTensor> for VkTensor {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkTensor> {
                VkTensor::create(
                    builder,
                    self.datatype,
                    &self.dims,
                    self.constant_id,
                    self.mem_obj_id,
                    self.storage_type,
                    self.memory_layout,
                    self.staging_datatype,
                )
            }
        }

        /// Builder for serializing an instance of the [VkTensor] type.
        ///
        /// Can be created using the [VkTensor::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct VkTensorBuilder<State>(State);

        impl VkTensorBuilder<()> {
            /// Setter for the [`datatype` field](VkTensor#structfield.datatype).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn datatype<T0>(self, value: T0) -> VkTensorBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
            {
                VkTensorBuilder((value,))
            }

            /// Sets the [`datatype` field](VkTensor#structfield.datatype) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn datatype_as_default(self) -> VkTensorBuilder<(::planus::DefaultValue,)> {
                self.datatype(::planus::DefaultValue)
            }
        }

        impl<T0> VkTensorBuilder<(T0,)> {
            /// Setter for the [`dims` field](VkTensor#structfield.dims).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn dims<T1>(self, value: T1) -> VkTensorBuilder<(T0, T1)>
            where
                T1: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
            {
                let (v0,) = self.0;
                VkTensorBuilder((v0, value))
            }

            /// Sets the [`dims` field](VkTensor#structfield.dims) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn dims_as_null(self) -> VkTensorBuilder<(T0, ())> {
                self.dims(())
            }
        }

        impl<T0, T1> VkTensorBuilder<(T0, T1)> {
            /// Setter for the [`constant_id` field](VkTensor#structfield.constant_id).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn constant_id<T2>(self, value: T2) -> VkTensorBuilder<(T0, T1, T2)>
            where
                T2: ::planus::WriteAsDefault<i32, i32>,
            {
                let (v0, v1) = self.0;
                VkTensorBuilder((v0, v1, value))
            }

            /// Sets the [`constant_id` field](VkTensor#structfield.constant_id) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn constant_id_as_default(
                self,
            ) -> VkTensorBuilder<(T0, T1, ::planus::DefaultValue)> {
                self.constant_id(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2> VkTensorBuilder<(T0, T1, T2)> {
            /// Setter for the [`mem_obj_id` field](VkTensor#structfield.mem_obj_id).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn mem_obj_id<T3>(self, value: T3) -> VkTensorBuilder<(T0, T1, T2, T3)>
            where
                T3: ::planus::WriteAsDefault<i32, i32>,
            {
                let (v0, v1, v2) = self.0;
                VkTensorBuilder((v0, v1, v2, value))
            }

            /// Sets the [`mem_obj_id` field](VkTensor#structfield.mem_obj_id) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn mem_obj_id_as_default(
                self,
            ) -> VkTensorBuilder<(T0, T1, T2, ::planus::DefaultValue)> {
                self.mem_obj_id(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2, T3> VkTensorBuilder<(T0, T1, T2, T3)> {
            /// Setter for the [`storage_type` field](VkTensor#structfield.storage_type).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn storage_type<T4>(self, value: T4) -> VkTensorBuilder<(T0, T1, T2, T3, T4)>
            where
                T4: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
            {
                let (v0, v1, v2, v3) = self.0;
                VkTensorBuilder((v0, v1, v2, v3, value))
            }

            /// Sets the [`storage_type` field](VkTensor#structfield.storage_type) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn storage_type_as_default(
                self,
            ) -> VkTensorBuilder<(T0, T1, T2, T3, ::planus::DefaultValue)> {
                self.storage_type(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2, T3, T4> VkTensorBuilder<(T0, T1, T2, T3, T4)> {
            /// Setter for the [`memory_layout` field](VkTensor#structfield.memory_layout).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn memory_layout<T5>(self, value: T5) -> VkTensorBuilder<(T0, T1, T2, T3, T4, T5)>
            where
                T5: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
            {
                let (v0, v1, v2, v3, v4) = self.0;
                VkTensorBuilder((v0, v1, v2, v3, v4, value))
            }

            /// Sets the [`memory_layout` field](VkTensor#structfield.memory_layout) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn memory_layout_as_default(
                self,
            ) -> VkTensorBuilder<(T0, T1, T2, T3, T4, ::planus::DefaultValue)> {
                self.memory_layout(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2, T3, T4, T5> VkTensorBuilder<(T0, T1, T2, T3, T4, T5)> {
            /// Setter for the [`staging_datatype` field](VkTensor#structfield.staging_datatype).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn staging_datatype<T6>(
                self,
                value: T6,
            ) -> VkTensorBuilder<(T0, T1, T2, T3, T4, T5, T6)>
            where
                T6: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
            {
                let (v0, v1, v2, v3, v4, v5) = self.0;
                VkTensorBuilder((v0, v1, v2, v3, v4, v5, value))
            }

            /// Sets the [`staging_datatype` field](VkTensor#structfield.staging_datatype) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn staging_datatype_as_default(
                self,
            ) -> VkTensorBuilder<(T0, T1, T2, T3, T4, T5, ::planus::DefaultValue)> {
                self.staging_datatype(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2, T3, T4, T5, T6> VkTensorBuilder<(T0, T1, T2, T3, T4, T5, T6)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [VkTensor].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkTensor>
            where
                Self: ::planus::WriteAsOffset<VkTensor>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
                T1: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T2: ::planus::WriteAsDefault<i32, i32>,
                T3: ::planus::WriteAsDefault<i32, i32>,
                T4: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
                T5: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
                T6: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
            > ::planus::WriteAs<::planus::Offset<VkTensor>>
            for VkTensorBuilder<(T0, T1, T2, T3, T4, T5, T6)>
        {
            type Prepared = ::planus::Offset<VkTensor>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkTensor> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
                T1: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T2: ::planus::WriteAsDefault<i32, i32>,
                T3: ::planus::WriteAsDefault<i32, i32>,
                T4: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
                T5: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
                T6: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
            > ::planus::WriteAsOptional<::planus::Offset<VkTensor>>
            for VkTensorBuilder<(T0, T1, T2, T3, T4, T5, T6)>
        {
            type Prepared = ::planus::Offset<VkTensor>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkTensor>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
                T1: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T2: ::planus::WriteAsDefault<i32, i32>,
                T3: ::planus::WriteAsDefault<i32, i32>,
                T4: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
                T5: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
                T6: ::planus::WriteAsDefault<self::VkDataType, self::VkDataType>,
            > ::planus::WriteAsOffset<VkTensor> for VkTensorBuilder<(T0, T1, T2, T3, T4, T5, T6)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkTensor> {
                let (v0, v1, v2, v3, v4, v5, v6) = &self.0;
                VkTensor::create(builder, v0, v1, v2, v3, v4, v5, v6)
            }
        }

        /// Reference to a deserialized [VkTensor].
        #[derive(Copy, Clone)]
        pub struct VkTensorRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> VkTensorRef<'a> {
            /// Getter for the [`datatype` field](VkTensor#structfield.datatype).
            #[inline]
            pub fn datatype(&self) -> ::planus::Result<self::VkDataType> {
                ::core::result::Result::Ok(
                    self.0
                        .access(0, "VkTensor", "datatype")?
                        .unwrap_or(self::VkDataType::Bool),
                )
            }

            /// Getter for the [`dims` field](VkTensor#structfield.dims).
            #[inline]
            pub fn dims(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, u32>>> {
                self.0.access(1, "VkTensor", "dims")
            }

            /// Getter for the [`constant_id` field](VkTensor#structfield.constant_id).
            #[inline]
            pub fn constant_id(&self) -> ::planus::Result<i32> {
                ::core::result::Result::Ok(
                    self.0.access(2, "VkTensor", "constant_id")?.unwrap_or(0),
                )
            }

            /// Getter for the [`mem_obj_id` field](VkTensor#structfield.mem_obj_id).
            #[inline]
            pub fn mem_obj_id(&self) -> ::planus::Result<i32> {
                ::core::result::Result::Ok(self.0.access(3, "VkTensor", "mem_obj_id")?.unwrap_or(0))
            }

            /// Getter for the [`storage_type` field](VkTensor#structfield.storage_type).
            #[inline]
            pub fn storage_type(&self) -> ::planus::Result<self::VkStorageType> {
                ::core::result::Result::Ok(
                    self.0
                        .access(4, "VkTensor", "storage_type")?
                        .unwrap_or(self::VkStorageType::DefaultStorage),
                )
            }

            /// Getter for the [`memory_layout` field](VkTensor#structfield.memory_layout).
            #[inline]
            pub fn memory_layout(&self) -> ::planus::Result<self::VkMemoryLayout> {
                ::core::result::Result::Ok(
                    self.0
                        .access(5, "VkTensor", "memory_layout")?
                        .unwrap_or(self::VkMemoryLayout::DefaultLayout),
                )
            }

            /// Getter for the [`staging_datatype` field](VkTensor#structfield.staging_datatype).
            #[inline]
            pub fn staging_datatype(&self) -> ::planus::Result<self::VkDataType> {
                ::core::result::Result::Ok(
                    self.0
                        .access(6, "VkTensor", "staging_datatype")?
                        .unwrap_or(self::VkDataType::Unset),
                )
            }
        }

        impl<'a> ::core::fmt::Debug for VkTensorRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("VkTensorRef");
                f.field("datatype", &self.datatype());
                if let ::core::option::Option::Some(field_dims) = self.dims().transpose() {
                    f.field("dims", &field_dims);
                }
                f.field("constant_id", &self.constant_id());
                f.field("mem_obj_id", &self.mem_obj_id());
                f.field("storage_type", &self.storage_type());
                f.field("memory_layout", &self.memory_layout());
                f.field("staging_datatype", &self.staging_datatype());
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<VkTensorRef<'a>> for VkTensor {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: VkTensorRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    datatype: ::core::convert::TryInto::try_into(value.datatype()?)?,
                    dims: if let ::core::option::Option::Some(dims) = value.dims()? {
                        ::core::option::Option::Some(dims.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                    constant_id: ::core::convert::TryInto::try_into(value.constant_id()?)?,
                    mem_obj_id: ::core::convert::TryInto::try_into(value.mem_obj_id()?)?,
                    storage_type: ::core::convert::TryInto::try_into(value.storage_type()?)?,
                    memory_layout: ::core::convert::TryInto::try_into(value.memory_layout()?)?,
                    staging_datatype: ::core::convert::TryInto::try_into(
                        value.staging_datatype()?,
                    )?,
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for VkTensorRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for VkTensorRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[VkTensorRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<VkTensor>> for VkTensor {
            type Value = ::planus::Offset<VkTensor>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<VkTensor>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for VkTensorRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[VkTensorRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `Null` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `Null` in the file `components/vulkan/schema/vulkan.fbs:75`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct Null {}

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for Null {
            fn default() -> Self {
                Self {}
            }
        }

        impl Null {
            /// Creates a [NullBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> NullBuilder<()> {
                NullBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(builder: &mut ::planus::Builder) -> ::planus::Offset<Self> {
                let table_writer: ::planus::table_writer::TableWriter<4> =
                    ::core::default::Default::default();
                unsafe {
                    table_writer.finish(builder, |_table_writer| {});
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<Null>> for Null {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Null> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<Null>> for Null {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Null>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<Null> for Null {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Null> {
                Null::create(builder)
            }
        }

        /// Builder for serializing an instance of the [Null] type.
        ///
        /// Can be created using the [Null::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct NullBuilder<State>(State);

        impl NullBuilder<()> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [Null].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<Null>
            where
                Self: ::planus::WriteAsOffset<Null>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl ::planus::WriteAs<::planus::Offset<Null>> for NullBuilder<()> {
            type Prepared = ::planus::Offset<Null>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Null> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<Null>> for NullBuilder<()> {
            type Prepared = ::planus::Offset<Null>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Null>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<Null> for NullBuilder<()> {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Null> {
                Null::create(builder)
            }
        }

        /// Reference to a deserialized [Null].
        #[derive(Copy, Clone)]
        pub struct NullRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> NullRef<'a> {}

        impl<'a> ::core::fmt::Debug for NullRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("NullRef");

                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<NullRef<'a>> for Null {
            type Error = ::planus::Error;

            fn try_from(_value: NullRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {})
            }
        }

        impl<'a> ::planus::TableRead<'a> for NullRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for NullRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[NullRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<Null>> for Null {
            type Value = ::planus::Offset<Null>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<Null>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for NullRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[NullRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `Int` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `Int` in the file `components/vulkan/schema/vulkan.fbs:77`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct Int {
            /// The field `int_val` in the table `Int`
            pub int_val: i64,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for Int {
            fn default() -> Self {
                Self { int_val: 0 }
            }
        }

        impl Int {
            /// Creates a [IntBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> IntBuilder<()> {
                IntBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_int_val: impl ::planus::WriteAsDefault<i64, i64>,
            ) -> ::planus::Offset<Self> {
                let prepared_int_val = field_int_val.prepare(builder, &0);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_int_val.is_some() {
                    table_writer.write_entry::<i64>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_int_val) = prepared_int_val {
                            object_writer.write::<_, _, 8>(&prepared_int_val);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<Int>> for Int {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Int> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<Int>> for Int {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Int>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<Int> for Int {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Int> {
                Int::create(builder, self.int_val)
            }
        }

        /// Builder for serializing an instance of the [Int] type.
        ///
        /// Can be created using the [Int::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct IntBuilder<State>(State);

        impl IntBuilder<()> {
            /// Setter for the [`int_val` field](Int#structfield.int_val).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn int_val<T0>(self, value: T0) -> IntBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<i64, i64>,
            {
                IntBuilder((value,))
            }

            /// Sets the [`int_val` field](Int#structfield.int_val) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn int_val_as_default(self) -> IntBuilder<(::planus::DefaultValue,)> {
                self.int_val(::planus::DefaultValue)
            }
        }

        impl<T0> IntBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [Int].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<Int>
            where
                Self: ::planus::WriteAsOffset<Int>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<i64, i64>> ::planus::WriteAs<::planus::Offset<Int>>
            for IntBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<Int>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Int> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<i64, i64>>
            ::planus::WriteAsOptional<::planus::Offset<Int>> for IntBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<Int>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Int>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsDefault<i64, i64>> ::planus::WriteAsOffset<Int> for IntBuilder<(T0,)> {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Int> {
                let (v0,) = &self.0;
                Int::create(builder, v0)
            }
        }

        /// Reference to a deserialized [Int].
        #[derive(Copy, Clone)]
        pub struct IntRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> IntRef<'a> {
            /// Getter for the [`int_val` field](Int#structfield.int_val).
            #[inline]
            pub fn int_val(&self) -> ::planus::Result<i64> {
                ::core::result::Result::Ok(self.0.access(0, "Int", "int_val")?.unwrap_or(0))
            }
        }

        impl<'a> ::core::fmt::Debug for IntRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("IntRef");
                f.field("int_val", &self.int_val());
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<IntRef<'a>> for Int {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: IntRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    int_val: ::core::convert::TryInto::try_into(value.int_val()?)?,
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for IntRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for IntRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[IntRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<Int>> for Int {
            type Value = ::planus::Offset<Int>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<Int>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for IntRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| error_kind.with_error_location("[IntRef]", "read_as_root", 0))
            }
        }

        /// The table `Bool` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `Bool` in the file `components/vulkan/schema/vulkan.fbs:81`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct Bool {
            /// The field `bool_val` in the table `Bool`
            pub bool_val: bool,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for Bool {
            fn default() -> Self {
                Self { bool_val: false }
            }
        }

        impl Bool {
            /// Creates a [BoolBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> BoolBuilder<()> {
                BoolBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_bool_val: impl ::planus::WriteAsDefault<bool, bool>,
            ) -> ::planus::Offset<Self> {
                let prepared_bool_val = field_bool_val.prepare(builder, &false);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_bool_val.is_some() {
                    table_writer.write_entry::<bool>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_bool_val) = prepared_bool_val {
                            object_writer.write::<_, _, 1>(&prepared_bool_val);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<Bool>> for Bool {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Bool> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<Bool>> for Bool {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Bool>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<Bool> for Bool {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Bool> {
                Bool::create(builder, self.bool_val)
            }
        }

        /// Builder for serializing an instance of the [Bool] type.
        ///
        /// Can be created using the [Bool::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct BoolBuilder<State>(State);

        impl BoolBuilder<()> {
            /// Setter for the [`bool_val` field](Bool#structfield.bool_val).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn bool_val<T0>(self, value: T0) -> BoolBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<bool, bool>,
            {
                BoolBuilder((value,))
            }

            /// Sets the [`bool_val` field](Bool#structfield.bool_val) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn bool_val_as_default(self) -> BoolBuilder<(::planus::DefaultValue,)> {
                self.bool_val(::planus::DefaultValue)
            }
        }

        impl<T0> BoolBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [Bool].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<Bool>
            where
                Self: ::planus::WriteAsOffset<Bool>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<bool, bool>> ::planus::WriteAs<::planus::Offset<Bool>>
            for BoolBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<Bool>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Bool> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<bool, bool>>
            ::planus::WriteAsOptional<::planus::Offset<Bool>> for BoolBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<Bool>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Bool>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsDefault<bool, bool>> ::planus::WriteAsOffset<Bool>
            for BoolBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Bool> {
                let (v0,) = &self.0;
                Bool::create(builder, v0)
            }
        }

        /// Reference to a deserialized [Bool].
        #[derive(Copy, Clone)]
        pub struct BoolRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> BoolRef<'a> {
            /// Getter for the [`bool_val` field](Bool#structfield.bool_val).
            #[inline]
            pub fn bool_val(&self) -> ::planus::Result<bool> {
                ::core::result::Result::Ok(self.0.access(0, "Bool", "bool_val")?.unwrap_or(false))
            }
        }

        impl<'a> ::core::fmt::Debug for BoolRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("BoolRef");
                f.field("bool_val", &self.bool_val());
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<BoolRef<'a>> for Bool {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: BoolRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    bool_val: ::core::convert::TryInto::try_into(value.bool_val()?)?,
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for BoolRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for BoolRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[BoolRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<Bool>> for Bool {
            type Value = ::planus::Offset<Bool>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<Bool>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for BoolRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[BoolRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `Double` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `Double` in the file `components/vulkan/schema/vulkan.fbs:85`
        #[derive(Clone, Debug, PartialEq, PartialOrd, ::serde::Serialize, ::serde::Deserialize)]
        pub struct Double {
            /// The field `double_val` in the table `Double`
            pub double_val: f64,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for Double {
            fn default() -> Self {
                Self { double_val: 0.0 }
            }
        }

        impl Double {
            /// Creates a [DoubleBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> DoubleBuilder<()> {
                DoubleBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_double_val: impl ::planus::WriteAsDefault<f64, f64>,
            ) -> ::planus::Offset<Self> {
                let prepared_double_val = field_double_val.prepare(builder, &0.0);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_double_val.is_some() {
                    table_writer.write_entry::<f64>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_double_val) =
                            prepared_double_val
                        {
                            object_writer.write::<_, _, 8>(&prepared_double_val);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<Double>> for Double {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Double> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<Double>> for Double {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Double>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<Double> for Double {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Double> {
                Double::create(builder, self.double_val)
            }
        }

        /// Builder for serializing an instance of the [Double] type.
        ///
        /// Can be created using the [Double::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct DoubleBuilder<State>(State);

        impl DoubleBuilder<()> {
            /// Setter for the [`double_val` field](Double#structfield.double_val).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn double_val<T0>(self, value: T0) -> DoubleBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<f64, f64>,
            {
                DoubleBuilder((value,))
            }

            /// Sets the [`double_val` field](Double#structfield.double_val) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn double_val_as_default(self) -> DoubleBuilder<(::planus::DefaultValue,)> {
                self.double_val(::planus::DefaultValue)
            }
        }

        impl<T0> DoubleBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [Double].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<Double>
            where
                Self: ::planus::WriteAsOffset<Double>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<f64, f64>> ::planus::WriteAs<::planus::Offset<Double>>
            for DoubleBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<Double>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Double> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<f64, f64>>
            ::planus::WriteAsOptional<::planus::Offset<Double>> for DoubleBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<Double>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<Double>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsDefault<f64, f64>> ::planus::WriteAsOffset<Double>
            for DoubleBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<Double> {
                let (v0,) = &self.0;
                Double::create(builder, v0)
            }
        }

        /// Reference to a deserialized [Double].
        #[derive(Copy, Clone)]
        pub struct DoubleRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> DoubleRef<'a> {
            /// Getter for the [`double_val` field](Double#structfield.double_val).
            #[inline]
            pub fn double_val(&self) -> ::planus::Result<f64> {
                ::core::result::Result::Ok(self.0.access(0, "Double", "double_val")?.unwrap_or(0.0))
            }
        }

        impl<'a> ::core::fmt::Debug for DoubleRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("DoubleRef");
                f.field("double_val", &self.double_val());
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<DoubleRef<'a>> for Double {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: DoubleRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    double_val: ::core::convert::TryInto::try_into(value.double_val()?)?,
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for DoubleRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for DoubleRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[DoubleRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<Double>> for Double {
            type Value = ::planus::Offset<Double>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<Double>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for DoubleRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[DoubleRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `String` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `String` in the file `components/vulkan/schema/vulkan.fbs:89`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct String {
            /// The field `string_val` in the table `String`
            pub string_val: ::core::option::Option<::planus::alloc::string::String>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for String {
            fn default() -> Self {
                Self {
                    string_val: ::core::default::Default::default(),
                }
            }
        }

        impl String {
            /// Creates a [StringBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> StringBuilder<()> {
                StringBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_string_val: impl ::planus::WriteAsOptional<
                    ::planus::Offset<::core::primitive::str>,
                >,
            ) -> ::planus::Offset<Self> {
                let prepared_string_val = field_string_val.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_string_val.is_some() {
                    table_writer.write_entry::<::planus::Offset<str>>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_string_val) =
                            prepared_string_val
                        {
                            object_writer.write::<_, _, 4>(&prepared_string_val);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<String>> for String {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<String> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<String>> for String {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<String>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<String> for String {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<String> {
                String::create(builder, &self.string_val)
            }
        }

        /// Builder for serializing an instance of the [String] type.
        ///
        /// Can be created using the [String::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct StringBuilder<State>(State);

        impl StringBuilder<()> {
            /// Setter for the [`string_val` field](String#structfield.string_val).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn string_val<T0>(self, value: T0) -> StringBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            {
                StringBuilder((value,))
            }

            /// Sets the [`string_val` field](String#structfield.string_val) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn string_val_as_null(self) -> StringBuilder<((),)> {
                self.string_val(())
            }
        }

        impl<T0> StringBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [String].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<String>
            where
                Self: ::planus::WriteAsOffset<String>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>>
            ::planus::WriteAs<::planus::Offset<String>> for StringBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<String>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<String> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>>
            ::planus::WriteAsOptional<::planus::Offset<String>> for StringBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<String>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<String>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>>
            ::planus::WriteAsOffset<String> for StringBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<String> {
                let (v0,) = &self.0;
                String::create(builder, v0)
            }
        }

        /// Reference to a deserialized [String].
        #[derive(Copy, Clone)]
        pub struct StringRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> StringRef<'a> {
            /// Getter for the [`string_val` field](String#structfield.string_val).
            #[inline]
            pub fn string_val(
                &self,
            ) -> ::planus::Result<::core::option::Option<&'a ::core::primitive::str>> {
                self.0.access(0, "String", "string_val")
            }
        }

        impl<'a> ::core::fmt::Debug for StringRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("StringRef");
                if let ::core::option::Option::Some(field_string_val) =
                    self.string_val().transpose()
                {
                    f.field("string_val", &field_string_val);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<StringRef<'a>> for String {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: StringRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    string_val: value.string_val()?.map(::core::convert::Into::into),
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for StringRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for StringRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[StringRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<String>> for String {
            type Value = ::planus::Offset<String>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<String>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for StringRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[StringRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `IntList` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `IntList` in the file `components/vulkan/schema/vulkan.fbs:93`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct IntList {
            /// The field `items` in the table `IntList`
            pub items: ::core::option::Option<::planus::alloc::vec::Vec<i64>>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for IntList {
            fn default() -> Self {
                Self {
                    items: ::core::default::Default::default(),
                }
            }
        }

        impl IntList {
            /// Creates a [IntListBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> IntListBuilder<()> {
                IntListBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_items: impl ::planus::WriteAsOptional<::planus::Offset<[i64]>>,
            ) -> ::planus::Offset<Self> {
                let prepared_items = field_items.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_items.is_some() {
                    table_writer.write_entry::<::planus::Offset<[i64]>>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_items) = prepared_items {
                            object_writer.write::<_, _, 4>(&prepared_items);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<IntList>> for IntList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<IntList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<IntList>> for IntList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<IntList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<IntList> for IntList {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<IntList> {
                IntList::create(builder, &self.items)
            }
        }

        /// Builder for serializing an instance of the [IntList] type.
        ///
        /// Can be created using the [IntList::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct IntListBuilder<State>(State);

        impl IntListBuilder<()> {
            /// Setter for the [`items` field](IntList#structfield.items).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items<T0>(self, value: T0) -> IntListBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptional<::planus::Offset<[i64]>>,
            {
                IntListBuilder((value,))
            }

            /// Sets the [`items` field](IntList#structfield.items) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items_as_null(self) -> IntListBuilder<((),)> {
                self.items(())
            }
        }

        impl<T0> IntListBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [IntList].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<IntList>
            where
                Self: ::planus::WriteAsOffset<IntList>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[i64]>>>
            ::planus::WriteAs<::planus::Offset<IntList>> for IntListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<IntList>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<IntList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[i64]>>>
            ::planus::WriteAsOptional<::planus::Offset<IntList>> for IntListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<IntList>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<IntList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[i64]>>>
            ::planus::WriteAsOffset<IntList> for IntListBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<IntList> {
                let (v0,) = &self.0;
                IntList::create(builder, v0)
            }
        }

        /// Reference to a deserialized [IntList].
        #[derive(Copy, Clone)]
        pub struct IntListRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> IntListRef<'a> {
            /// Getter for the [`items` field](IntList#structfield.items).
            #[inline]
            pub fn items(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, i64>>> {
                self.0.access(0, "IntList", "items")
            }
        }

        impl<'a> ::core::fmt::Debug for IntListRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("IntListRef");
                if let ::core::option::Option::Some(field_items) = self.items().transpose() {
                    f.field("items", &field_items);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<IntListRef<'a>> for IntList {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: IntListRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    items: if let ::core::option::Option::Some(items) = value.items()? {
                        ::core::option::Option::Some(items.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for IntListRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for IntListRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[IntListRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<IntList>> for IntList {
            type Value = ::planus::Offset<IntList>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<IntList>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for IntListRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[IntListRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `DoubleList` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `DoubleList` in the file `components/vulkan/schema/vulkan.fbs:97`
        #[derive(Clone, Debug, PartialEq, PartialOrd, ::serde::Serialize, ::serde::Deserialize)]
        pub struct DoubleList {
            /// The field `items` in the table `DoubleList`
            pub items: ::core::option::Option<::planus::alloc::vec::Vec<f64>>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for DoubleList {
            fn default() -> Self {
                Self {
                    items: ::core::default::Default::default(),
                }
            }
        }

        impl DoubleList {
            /// Creates a [DoubleListBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> DoubleListBuilder<()> {
                DoubleListBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_items: impl ::planus::WriteAsOptional<::planus::Offset<[f64]>>,
            ) -> ::planus::Offset<Self> {
                let prepared_items = field_items.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_items.is_some() {
                    table_writer.write_entry::<::planus::Offset<[f64]>>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_items) = prepared_items {
                            object_writer.write::<_, _, 4>(&prepared_items);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<DoubleList>> for DoubleList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<DoubleList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<DoubleList>> for DoubleList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<DoubleList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<DoubleList> for DoubleList {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<DoubleList> {
                DoubleList::create(builder, &self.items)
            }
        }

        /// Builder for serializing an instance of the [DoubleList] type.
        ///
        /// Can be created using the [DoubleList::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct DoubleListBuilder<State>(State);

        impl DoubleListBuilder<()> {
            /// Setter for the [`items` field](DoubleList#structfield.items).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items<T0>(self, value: T0) -> DoubleListBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptional<::planus::Offset<[f64]>>,
            {
                DoubleListBuilder((value,))
            }

            /// Sets the [`items` field](DoubleList#structfield.items) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items_as_null(self) -> DoubleListBuilder<((),)> {
                self.items(())
            }
        }

        impl<T0> DoubleListBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [DoubleList].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<DoubleList>
            where
                Self: ::planus::WriteAsOffset<DoubleList>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[f64]>>>
            ::planus::WriteAs<::planus::Offset<DoubleList>> for DoubleListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<DoubleList>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<DoubleList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[f64]>>>
            ::planus::WriteAsOptional<::planus::Offset<DoubleList>> for DoubleListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<DoubleList>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<DoubleList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[f64]>>>
            ::planus::WriteAsOffset<DoubleList> for DoubleListBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<DoubleList> {
                let (v0,) = &self.0;
                DoubleList::create(builder, v0)
            }
        }

        /// Reference to a deserialized [DoubleList].
        #[derive(Copy, Clone)]
        pub struct DoubleListRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> DoubleListRef<'a> {
            /// Getter for the [`items` field](DoubleList#structfield.items).
            #[inline]
            pub fn items(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, f64>>> {
                self.0.access(0, "DoubleList", "items")
            }
        }

        impl<'a> ::core::fmt::Debug for DoubleListRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("DoubleListRef");
                if let ::core::option::Option::Some(field_items) = self.items().transpose() {
                    f.field("items", &field_items);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<DoubleListRef<'a>> for DoubleList {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: DoubleListRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    items: if let ::core::option::Option::Some(items) = value.items()? {
                        ::core::option::Option::Some(items.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for DoubleListRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for DoubleListRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location(
                        "[DoubleListRef]",
                        "get",
                        buffer.offset_from_start,
                    )
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<DoubleList>> for DoubleList {
            type Value = ::planus::Offset<DoubleList>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<DoubleList>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for DoubleListRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[DoubleListRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `BoolList` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `BoolList` in the file `components/vulkan/schema/vulkan.fbs:101`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct BoolList {
            /// The field `items` in the table `BoolList`
            pub items: ::core::option::Option<::planus::alloc::vec::Vec<bool>>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for BoolList {
            fn default() -> Self {
                Self {
                    items: ::core::default::Default::default(),
                }
            }
        }

        impl BoolList {
            /// Creates a [BoolListBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> BoolListBuilder<()> {
                BoolListBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_items: impl ::planus::WriteAsOptional<::planus::Offset<[bool]>>,
            ) -> ::planus::Offset<Self> {
                let prepared_items = field_items.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_items.is_some() {
                    table_writer.write_entry::<::planus::Offset<[bool]>>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_items) = prepared_items {
                            object_writer.write::<_, _, 4>(&prepared_items);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<BoolList>> for BoolList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<BoolList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<BoolList>> for BoolList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<BoolList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<BoolList> for BoolList {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<BoolList> {
                BoolList::create(builder, &self.items)
            }
        }

        /// Builder for serializing an instance of the [BoolList] type.
        ///
        /// Can be created using the [BoolList::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct BoolListBuilder<State>(State);

        impl BoolListBuilder<()> {
            /// Setter for the [`items` field](BoolList#structfield.items).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items<T0>(self, value: T0) -> BoolListBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptional<::planus::Offset<[bool]>>,
            {
                BoolListBuilder((value,))
            }

            /// Sets the [`items` field](BoolList#structfield.items) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items_as_null(self) -> BoolListBuilder<((),)> {
                self.items(())
            }
        }

        impl<T0> BoolListBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [BoolList].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<BoolList>
            where
                Self: ::planus::WriteAsOffset<BoolList>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[bool]>>>
            ::planus::WriteAs<::planus::Offset<BoolList>> for BoolListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<BoolList>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<BoolList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[bool]>>>
            ::planus::WriteAsOptional<::planus::Offset<BoolList>> for BoolListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<BoolList>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<BoolList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[bool]>>>
            ::planus::WriteAsOffset<BoolList> for BoolListBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<BoolList> {
                let (v0,) = &self.0;
                BoolList::create(builder, v0)
            }
        }

        /// Reference to a deserialized [BoolList].
        #[derive(Copy, Clone)]
        pub struct BoolListRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> BoolListRef<'a> {
            /// Getter for the [`items` field](BoolList#structfield.items).
            #[inline]
            pub fn items(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, bool>>> {
                self.0.access(0, "BoolList", "items")
            }
        }

        impl<'a> ::core::fmt::Debug for BoolListRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("BoolListRef");
                if let ::core::option::Option::Some(field_items) = self.items().transpose() {
                    f.field("items", &field_items);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<BoolListRef<'a>> for BoolList {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: BoolListRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    items: if let ::core::option::Option::Some(items) = value.items()? {
                        ::core::option::Option::Some(items.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for BoolListRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for BoolListRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[BoolListRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<BoolList>> for BoolList {
            type Value = ::planus::Offset<BoolList>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<BoolList>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for BoolListRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[BoolListRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `ValueList` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `ValueList` in the file `components/vulkan/schema/vulkan.fbs:106`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct ValueList {
            /// The field `items` in the table `ValueList`
            pub items: ::core::option::Option<::planus::alloc::vec::Vec<i32>>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for ValueList {
            fn default() -> Self {
                Self {
                    items: ::core::default::Default::default(),
                }
            }
        }

        impl ValueList {
            /// Creates a [ValueListBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> ValueListBuilder<()> {
                ValueListBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_items: impl ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            ) -> ::planus::Offset<Self> {
                let prepared_items = field_items.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_items.is_some() {
                    table_writer.write_entry::<::planus::Offset<[i32]>>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_items) = prepared_items {
                            object_writer.write::<_, _, 4>(&prepared_items);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<ValueList>> for ValueList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<ValueList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<ValueList>> for ValueList {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<ValueList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<ValueList> for ValueList {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<ValueList> {
                ValueList::create(builder, &self.items)
            }
        }

        /// Builder for serializing an instance of the [ValueList] type.
        ///
        /// Can be created using the [ValueList::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct ValueListBuilder<State>(State);

        impl ValueListBuilder<()> {
            /// Setter for the [`items` field](ValueList#structfield.items).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items<T0>(self, value: T0) -> ValueListBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptional<::planus::Offset<[i32]>>,
            {
                ValueListBuilder((value,))
            }

            /// Sets the [`items` field](ValueList#structfield.items) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn items_as_null(self) -> ValueListBuilder<((),)> {
                self.items(())
            }
        }

        impl<T0> ValueListBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [ValueList].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<ValueList>
            where
                Self: ::planus::WriteAsOffset<ValueList>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[i32]>>>
            ::planus::WriteAs<::planus::Offset<ValueList>> for ValueListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<ValueList>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<ValueList> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[i32]>>>
            ::planus::WriteAsOptional<::planus::Offset<ValueList>> for ValueListBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<ValueList>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<ValueList>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsOptional<::planus::Offset<[i32]>>>
            ::planus::WriteAsOffset<ValueList> for ValueListBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<ValueList> {
                let (v0,) = &self.0;
                ValueList::create(builder, v0)
            }
        }

        /// Reference to a deserialized [ValueList].
        #[derive(Copy, Clone)]
        pub struct ValueListRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> ValueListRef<'a> {
            /// Getter for the [`items` field](ValueList#structfield.items).
            #[inline]
            pub fn items(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, i32>>> {
                self.0.access(0, "ValueList", "items")
            }
        }

        impl<'a> ::core::fmt::Debug for ValueListRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("ValueListRef");
                if let ::core::option::Option::Some(field_items) = self.items().transpose() {
                    f.field("items", &field_items);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<ValueListRef<'a>> for ValueList {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: ValueListRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    items: if let ::core::option::Option::Some(items) = value.items()? {
                        ::core::option::Option::Some(items.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for ValueListRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for ValueListRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location(
                        "[ValueListRef]",
                        "get",
                        buffer.offset_from_start,
                    )
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<ValueList>> for ValueList {
            type Value = ::planus::Offset<ValueList>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<ValueList>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for ValueListRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[ValueListRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `SymInt` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `SymInt` in the file `components/vulkan/schema/vulkan.fbs:111`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct SymInt {
            /// The field `value` in the table `SymInt`
            pub value: i32,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for SymInt {
            fn default() -> Self {
                Self { value: 0 }
            }
        }

        impl SymInt {
            /// Creates a [SymIntBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> SymIntBuilder<()> {
                SymIntBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_value: impl ::planus::WriteAsDefault<i32, i32>,
            ) -> ::planus::Offset<Self> {
                let prepared_value = field_value.prepare(builder, &0);

                let mut table_writer: ::planus::table_writer::TableWriter<6> =
                    ::core::default::Default::default();
                if prepared_value.is_some() {
                    table_writer.write_entry::<i32>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_value) = prepared_value {
                            object_writer.write::<_, _, 4>(&prepared_value);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<SymInt>> for SymInt {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<SymInt> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<SymInt>> for SymInt {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<SymInt>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<SymInt> for SymInt {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<SymInt> {
                SymInt::create(builder, self.value)
            }
        }

        /// Builder for serializing an instance of the [SymInt] type.
        ///
        /// Can be created using the [SymInt::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct SymIntBuilder<State>(State);

        impl SymIntBuilder<()> {
            /// Setter for the [`value` field](SymInt#structfield.value).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn value<T0>(self, value: T0) -> SymIntBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<i32, i32>,
            {
                SymIntBuilder((value,))
            }

            /// Sets the [`value` field](SymInt#structfield.value) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn value_as_default(self) -> SymIntBuilder<(::planus::DefaultValue,)> {
                self.value(::planus::DefaultValue)
            }
        }

        impl<T0> SymIntBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [SymInt].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<SymInt>
            where
                Self: ::planus::WriteAsOffset<SymInt>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<i32, i32>> ::planus::WriteAs<::planus::Offset<SymInt>>
            for SymIntBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<SymInt>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<SymInt> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsDefault<i32, i32>>
            ::planus::WriteAsOptional<::planus::Offset<SymInt>> for SymIntBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<SymInt>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<SymInt>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsDefault<i32, i32>> ::planus::WriteAsOffset<SymInt>
            for SymIntBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<SymInt> {
                let (v0,) = &self.0;
                SymInt::create(builder, v0)
            }
        }

        /// Reference to a deserialized [SymInt].
        #[derive(Copy, Clone)]
        pub struct SymIntRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> SymIntRef<'a> {
            /// Getter for the [`value` field](SymInt#structfield.value).
            #[inline]
            pub fn value(&self) -> ::planus::Result<i32> {
                ::core::result::Result::Ok(self.0.access(0, "SymInt", "value")?.unwrap_or(0))
            }
        }

        impl<'a> ::core::fmt::Debug for SymIntRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("SymIntRef");
                f.field("value", &self.value());
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<SymIntRef<'a>> for SymInt {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: SymIntRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    value: ::core::convert::TryInto::try_into(value.value()?)?,
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for SymIntRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for SymIntRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[SymIntRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<SymInt>> for SymInt {
            type Value = ::planus::Offset<SymInt>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<SymInt>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for SymIntRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[SymIntRef]", "read_as_root", 0)
                })
            }
        }

        /// The union `GraphTypes` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Union `GraphTypes` in the file `components/vulkan/schema/vulkan.fbs:115`
        #[derive(Clone, Debug, PartialEq, PartialOrd, ::serde::Serialize, ::serde::Deserialize)]
        pub enum GraphTypes {
            /// The variant of type `Null` in the union `GraphTypes`
            Null(::planus::alloc::boxed::Box<self::Null>),

            /// The variant of type `Int` in the union `GraphTypes`
            Int(::planus::alloc::boxed::Box<self::Int>),

            /// The variant of type `Double` in the union `GraphTypes`
            Double(::planus::alloc::boxed::Box<self::Double>),

            /// The variant of type `Bool` in the union `GraphTypes`
            Bool(::planus::alloc::boxed::Box<self::Bool>),

            /// The variant of type `VkTensor` in the union `GraphTypes`
            VkTensor(::planus::alloc::boxed::Box<self::VkTensor>),

            /// The variant of type `IntList` in the union `GraphTypes`
            IntList(::planus::alloc::boxed::Box<self::IntList>),

            /// The variant of type `DoubleList` in the union `GraphTypes`
            DoubleList(::planus::alloc::boxed::Box<self::DoubleList>),

            /// The variant of type `BoolList` in the union `GraphTypes`
            BoolList(::planus::alloc::boxed::Box<self::BoolList>),

            /// The variant of type `ValueList` in the union `GraphTypes`
            ValueList(::planus::alloc::boxed::Box<self::ValueList>),

            /// The variant of type `String` in the union `GraphTypes`
            String(::planus::alloc::boxed::Box<self::String>),

            /// The variant of type `SymInt` in the union `GraphTypes`
            SymInt(::planus::alloc::boxed::Box<self::SymInt>),
        }

        impl GraphTypes {
            /// Creates a [GraphTypesBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> GraphTypesBuilder<::planus::Uninitialized> {
                GraphTypesBuilder(::planus::Uninitialized)
            }

            #[inline]
            pub fn create_null(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::Null>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(1, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_int(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::Int>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(2, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_double(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::Double>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(3, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_bool(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::Bool>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(4, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_vk_tensor(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::VkTensor>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(5, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_int_list(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::IntList>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(6, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_double_list(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::DoubleList>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(7, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_bool_list(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::BoolList>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(8, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_value_list(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::ValueList>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(9, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_string(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::String>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(10, value.prepare(builder).downcast())
            }

            #[inline]
            pub fn create_sym_int(
                builder: &mut ::planus::Builder,
                value: impl ::planus::WriteAsOffset<self::SymInt>,
            ) -> ::planus::UnionOffset<Self> {
                ::planus::UnionOffset::new(11, value.prepare(builder).downcast())
            }
        }

        impl ::planus::WriteAsUnion<GraphTypes> for GraphTypes {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::UnionOffset<Self> {
                match self {
                    Self::Null(value) => Self::create_null(builder, value),
                    Self::Int(value) => Self::create_int(builder, value),
                    Self::Double(value) => Self::create_double(builder, value),
                    Self::Bool(value) => Self::create_bool(builder, value),
                    Self::VkTensor(value) => Self::create_vk_tensor(builder, value),
                    Self::IntList(value) => Self::create_int_list(builder, value),
                    Self::DoubleList(value) => Self::create_double_list(builder, value),
                    Self::BoolList(value) => Self::create_bool_list(builder, value),
                    Self::ValueList(value) => Self::create_value_list(builder, value),
                    Self::String(value) => Self::create_string(builder, value),
                    Self::SymInt(value) => Self::create_sym_int(builder, value),
                }
            }
        }

        impl ::planus::WriteAsOptionalUnion<GraphTypes> for GraphTypes {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<Self>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }

        /// Builder for serializing an instance of the [GraphTypes] type.
        ///
        /// Can be created using the [GraphTypes::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct GraphTypesBuilder<T>(T);

        impl GraphTypesBuilder<::planus::Uninitialized> {
            /// Creates an instance of the [`Null` variant](GraphTypes#variant.Null).
            #[inline]
            pub fn null<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<1, T>>
            where
                T: ::planus::WriteAsOffset<self::Null>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`Int` variant](GraphTypes#variant.Int).
            #[inline]
            pub fn int<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<2, T>>
            where
                T: ::planus::WriteAsOffset<self::Int>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`Double` variant](GraphTypes#variant.Double).
            #[inline]
            pub fn double<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<3, T>>
            where
                T: ::planus::WriteAsOffset<self::Double>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`Bool` variant](GraphTypes#variant.Bool).
            #[inline]
            pub fn bool<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<4, T>>
            where
                T: ::planus::WriteAsOffset<self::Bool>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`VkTensor` variant](GraphTypes#variant.VkTensor).
            #[inline]
            pub fn vk_tensor<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<5, T>>
            where
                T: ::planus::WriteAsOffset<self::VkTensor>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`IntList` variant](GraphTypes#variant.IntList).
            #[inline]
            pub fn int_list<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<6, T>>
            where
                T: ::planus::WriteAsOffset<self::IntList>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`DoubleList` variant](GraphTypes#variant.DoubleList).
            #[inline]
            pub fn double_list<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<7, T>>
            where
                T: ::planus::WriteAsOffset<self::DoubleList>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`BoolList` variant](GraphTypes#variant.BoolList).
            #[inline]
            pub fn bool_list<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<8, T>>
            where
                T: ::planus::WriteAsOffset<self::BoolList>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`ValueList` variant](GraphTypes#variant.ValueList).
            #[inline]
            pub fn value_list<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<9, T>>
            where
                T: ::planus::WriteAsOffset<self::ValueList>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`String` variant](GraphTypes#variant.String).
            #[inline]
            pub fn string<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<10, T>>
            where
                T: ::planus::WriteAsOffset<self::String>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }

            /// Creates an instance of the [`SymInt` variant](GraphTypes#variant.SymInt).
            #[inline]
            pub fn sym_int<T>(self, value: T) -> GraphTypesBuilder<::planus::Initialized<11, T>>
            where
                T: ::planus::WriteAsOffset<self::SymInt>,
            {
                GraphTypesBuilder(::planus::Initialized(value))
            }
        }

        impl<const N: u8, T> GraphTypesBuilder<::planus::Initialized<N, T>> {
            /// Finish writing the builder to get an [UnionOffset](::planus::UnionOffset) to a serialized [GraphTypes].
            #[inline]
            pub fn finish(
                self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes>
            where
                Self: ::planus::WriteAsUnion<GraphTypes>,
            {
                ::planus::WriteAsUnion::prepare(&self, builder)
            }
        }

        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<1, T>>
        where
            T: ::planus::WriteAsOffset<self::Null>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(1, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<1, T>>
        where
            T: ::planus::WriteAsOffset<self::Null>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<2, T>>
        where
            T: ::planus::WriteAsOffset<self::Int>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(2, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<2, T>>
        where
            T: ::planus::WriteAsOffset<self::Int>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<3, T>>
        where
            T: ::planus::WriteAsOffset<self::Double>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(3, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<3, T>>
        where
            T: ::planus::WriteAsOffset<self::Double>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<4, T>>
        where
            T: ::planus::WriteAsOffset<self::Bool>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(4, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<4, T>>
        where
            T: ::planus::WriteAsOffset<self::Bool>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<5, T>>
        where
            T: ::planus::WriteAsOffset<self::VkTensor>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(5, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<5, T>>
        where
            T: ::planus::WriteAsOffset<self::VkTensor>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<6, T>>
        where
            T: ::planus::WriteAsOffset<self::IntList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(6, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<6, T>>
        where
            T: ::planus::WriteAsOffset<self::IntList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<7, T>>
        where
            T: ::planus::WriteAsOffset<self::DoubleList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(7, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<7, T>>
        where
            T: ::planus::WriteAsOffset<self::DoubleList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<8, T>>
        where
            T: ::planus::WriteAsOffset<self::BoolList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(8, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<8, T>>
        where
            T: ::planus::WriteAsOffset<self::BoolList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<9, T>>
        where
            T: ::planus::WriteAsOffset<self::ValueList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(9, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<9, T>>
        where
            T: ::planus::WriteAsOffset<self::ValueList>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<10, T>>
        where
            T: ::planus::WriteAsOffset<self::String>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(10, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<10, T>>
        where
            T: ::planus::WriteAsOffset<self::String>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }
        impl<T> ::planus::WriteAsUnion<GraphTypes> for GraphTypesBuilder<::planus::Initialized<11, T>>
        where
            T: ::planus::WriteAsOffset<self::SymInt>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::planus::UnionOffset<GraphTypes> {
                ::planus::UnionOffset::new(11, (self.0).0.prepare(builder).downcast())
            }
        }

        impl<T> ::planus::WriteAsOptionalUnion<GraphTypes>
            for GraphTypesBuilder<::planus::Initialized<11, T>>
        where
            T: ::planus::WriteAsOffset<self::SymInt>,
        {
            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::UnionOffset<GraphTypes>> {
                ::core::option::Option::Some(::planus::WriteAsUnion::prepare(self, builder))
            }
        }

        /// Reference to a deserialized [GraphTypes].
        #[derive(Copy, Clone, Debug)]
        pub enum GraphTypesRef<'a> {
            Null(self::NullRef<'a>),
            Int(self::IntRef<'a>),
            Double(self::DoubleRef<'a>),
            Bool(self::BoolRef<'a>),
            VkTensor(self::VkTensorRef<'a>),
            IntList(self::IntListRef<'a>),
            DoubleList(self::DoubleListRef<'a>),
            BoolList(self::BoolListRef<'a>),
            ValueList(self::ValueListRef<'a>),
            String(self::StringRef<'a>),
            SymInt(self::SymIntRef<'a>),
        }

        impl<'a> ::core::convert::TryFrom<GraphTypesRef<'a>> for GraphTypes {
            type Error = ::planus::Error;

            fn try_from(value: GraphTypesRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(match value {
                    GraphTypesRef::Null(value) => Self::Null(::planus::alloc::boxed::Box::new(
                        ::core::convert::TryFrom::try_from(value)?,
                    )),

                    GraphTypesRef::Int(value) => Self::Int(::planus::alloc::boxed::Box::new(
                        ::core::convert::TryFrom::try_from(value)?,
                    )),

                    GraphTypesRef::Double(value) => Self::Double(::planus::alloc::boxed::Box::new(
                        ::core::convert::TryFrom::try_from(value)?,
                    )),

                    GraphTypesRef::Bool(value) => Self::Bool(::planus::alloc::boxed::Box::new(
                        ::core::convert::TryFrom::try_from(value)?,
                    )),

                    GraphTypesRef::VkTensor(value) => {
                        Self::VkTensor(::planus::alloc::boxed::Box::new(
                            ::core::convert::TryFrom::try_from(value)?,
                        ))
                    }

                    GraphTypesRef::IntList(value) => {
                        Self::IntList(::planus::alloc::boxed::Box::new(
                            ::core::convert::TryFrom::try_from(value)?,
                        ))
                    }

                    GraphTypesRef::DoubleList(value) => {
                        Self::DoubleList(::planus::alloc::boxed::Box::new(
                            ::core::convert::TryFrom::try_from(value)?,
                        ))
                    }

                    GraphTypesRef::BoolList(value) => {
                        Self::BoolList(::planus::alloc::boxed::Box::new(
                            ::core::convert::TryFrom::try_from(value)?,
                        ))
                    }

                    GraphTypesRef::ValueList(value) => {
                        Self::ValueList(::planus::alloc::boxed::Box::new(
                            ::core::convert::TryFrom::try_from(value)?,
                        ))
                    }

                    GraphTypesRef::String(value) => Self::String(::planus::alloc::boxed::Box::new(
                        ::core::convert::TryFrom::try_from(value)?,
                    )),

                    GraphTypesRef::SymInt(value) => Self::SymInt(::planus::alloc::boxed::Box::new(
                        ::core::convert::TryFrom::try_from(value)?,
                    )),
                })
            }
        }

        impl<'a> ::planus::TableReadUnion<'a> for GraphTypesRef<'a> {
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                tag: u8,
                field_offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                match tag {
                    1 => ::core::result::Result::Ok(Self::Null(::planus::TableRead::from_buffer(
                        buffer,
                        field_offset,
                    )?)),
                    2 => ::core::result::Result::Ok(Self::Int(::planus::TableRead::from_buffer(
                        buffer,
                        field_offset,
                    )?)),
                    3 => ::core::result::Result::Ok(Self::Double(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    4 => ::core::result::Result::Ok(Self::Bool(::planus::TableRead::from_buffer(
                        buffer,
                        field_offset,
                    )?)),
                    5 => ::core::result::Result::Ok(Self::VkTensor(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    6 => ::core::result::Result::Ok(Self::IntList(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    7 => ::core::result::Result::Ok(Self::DoubleList(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    8 => ::core::result::Result::Ok(Self::BoolList(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    9 => ::core::result::Result::Ok(Self::ValueList(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    10 => ::core::result::Result::Ok(Self::String(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    11 => ::core::result::Result::Ok(Self::SymInt(
                        ::planus::TableRead::from_buffer(buffer, field_offset)?,
                    )),
                    _ => {
                        ::core::result::Result::Err(::planus::errors::ErrorKind::UnknownUnionTag {
                            tag,
                        })
                    }
                }
            }
        }

        impl<'a> ::planus::VectorReadUnion<'a> for GraphTypesRef<'a> {
            const VECTOR_NAME: &'static str = "[GraphTypesRef]";
        }

        /// The table `VkValue` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `VkValue` in the file `components/vulkan/schema/vulkan.fbs:129`
        #[derive(Clone, Debug, PartialEq, PartialOrd, ::serde::Serialize, ::serde::Deserialize)]
        pub struct VkValue {
            /// The field `value` in the table `VkValue`
            pub value: ::core::option::Option<self::GraphTypes>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for VkValue {
            fn default() -> Self {
                Self {
                    value: ::core::default::Default::default(),
                }
            }
        }

        impl VkValue {
            /// Creates a [VkValueBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> VkValueBuilder<()> {
                VkValueBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_value: impl ::planus::WriteAsOptionalUnion<self::GraphTypes>,
            ) -> ::planus::Offset<Self> {
                let prepared_value = field_value.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<8> =
                    ::core::default::Default::default();
                if prepared_value.is_some() {
                    table_writer.write_entry::<::planus::Offset<self::GraphTypes>>(1);
                }
                if prepared_value.is_some() {
                    table_writer.write_entry::<u8>(0);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_value) = prepared_value {
                            object_writer.write::<_, _, 4>(&prepared_value.offset());
                        }
                        if let ::core::option::Option::Some(prepared_value) = prepared_value {
                            object_writer.write::<_, _, 1>(&prepared_value.tag());
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<VkValue>> for VkValue {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkValue> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<VkValue>> for VkValue {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkValue>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<VkValue> for VkValue {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkValue> {
                VkValue::create(builder, &self.value)
            }
        }

        /// Builder for serializing an instance of the [VkValue] type.
        ///
        /// Can be created using the [VkValue::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct VkValueBuilder<State>(State);

        impl VkValueBuilder<()> {
            /// Setter for the [`value` field](VkValue#structfield.value).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn value<T0>(self, value: T0) -> VkValueBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptionalUnion<self::GraphTypes>,
            {
                VkValueBuilder((value,))
            }

            /// Sets the [`value` field](VkValue#structfield.value) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn value_as_null(self) -> VkValueBuilder<((),)> {
                self.value(())
            }
        }

        impl<T0> VkValueBuilder<(T0,)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [VkValue].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkValue>
            where
                Self: ::planus::WriteAsOffset<VkValue>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptionalUnion<self::GraphTypes>>
            ::planus::WriteAs<::planus::Offset<VkValue>> for VkValueBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<VkValue>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkValue> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<T0: ::planus::WriteAsOptionalUnion<self::GraphTypes>>
            ::planus::WriteAsOptional<::planus::Offset<VkValue>> for VkValueBuilder<(T0,)>
        {
            type Prepared = ::planus::Offset<VkValue>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkValue>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<T0: ::planus::WriteAsOptionalUnion<self::GraphTypes>> ::planus::WriteAsOffset<VkValue>
            for VkValueBuilder<(T0,)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkValue> {
                let (v0,) = &self.0;
                VkValue::create(builder, v0)
            }
        }

        /// Reference to a deserialized [VkValue].
        #[derive(Copy, Clone)]
        pub struct VkValueRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> VkValueRef<'a> {
            /// Getter for the [`value` field](VkValue#structfield.value).
            #[inline]
            pub fn value(
                &self,
            ) -> ::planus::Result<::core::option::Option<self::GraphTypesRef<'a>>> {
                self.0.access_union(0, "VkValue", "value")
            }
        }

        impl<'a> ::core::fmt::Debug for VkValueRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("VkValueRef");
                if let ::core::option::Option::Some(field_value) = self.value().transpose() {
                    f.field("value", &field_value);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<VkValueRef<'a>> for VkValue {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: VkValueRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    value: if let ::core::option::Option::Some(value) = value.value()? {
                        ::core::option::Option::Some(::core::convert::TryInto::try_into(value)?)
                    } else {
                        ::core::option::Option::None
                    },
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for VkValueRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for VkValueRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[VkValueRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<VkValue>> for VkValue {
            type Value = ::planus::Offset<VkValue>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<VkValue>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for VkValueRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[VkValueRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `VkBytes` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `VkBytes` in the file `components/vulkan/schema/vulkan.fbs:135`
        #[derive(
            Clone,
            Debug,
            PartialEq,
            PartialOrd,
            Eq,
            Ord,
            Hash,
            ::serde::Serialize,
            ::serde::Deserialize,
        )]
        pub struct VkBytes {
            /// The field `offset` in the table `VkBytes`
            pub offset: u64,
            /// The field `length` in the table `VkBytes`
            pub length: u64,
            /// The field `named_key` in the table `VkBytes`
            pub named_key: ::core::option::Option<::planus::alloc::string::String>,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for VkBytes {
            fn default() -> Self {
                Self {
                    offset: 0,
                    length: 0,
                    named_key: ::core::default::Default::default(),
                }
            }
        }

        impl VkBytes {
            /// Creates a [VkBytesBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> VkBytesBuilder<()> {
                VkBytesBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_offset: impl ::planus::WriteAsDefault<u64, u64>,
                field_length: impl ::planus::WriteAsDefault<u64, u64>,
                field_named_key: impl ::planus::WriteAsOptional<
                    ::planus::Offset<::core::primitive::str>,
                >,
            ) -> ::planus::Offset<Self> {
                let prepared_offset = field_offset.prepare(builder, &0);
                let prepared_length = field_length.prepare(builder, &0);
                let prepared_named_key = field_named_key.prepare(builder);

                let mut table_writer: ::planus::table_writer::TableWriter<10> =
                    ::core::default::Default::default();
                if prepared_offset.is_some() {
                    table_writer.write_entry::<u64>(0);
                }
                if prepared_length.is_some() {
                    table_writer.write_entry::<u64>(1);
                }
                if prepared_named_key.is_some() {
                    table_writer.write_entry::<::planus::Offset<str>>(2);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_offset) = prepared_offset {
                            object_writer.write::<_, _, 8>(&prepared_offset);
                        }
                        if let ::core::option::Option::Some(prepared_length) = prepared_length {
                            object_writer.write::<_, _, 8>(&prepared_length);
                        }
                        if let ::core::option::Option::Some(prepared_named_key) = prepared_named_key
                        {
                            object_writer.write::<_, _, 4>(&prepared_named_key);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<VkBytes>> for VkBytes {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkBytes> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<VkBytes>> for VkBytes {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkBytes>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<VkBytes> for VkBytes {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkBytes> {
                VkBytes::create(builder, self.offset, self.length, &self.named_key)
            }
        }

        /// Builder for serializing an instance of the [VkBytes] type.
        ///
        /// Can be created using the [VkBytes::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct VkBytesBuilder<State>(State);

        impl VkBytesBuilder<()> {
            /// Setter for the [`offset` field](VkBytes#structfield.offset).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn offset<T0>(self, value: T0) -> VkBytesBuilder<(T0,)>
            where
                T0: ::planus::WriteAsDefault<u64, u64>,
            {
                VkBytesBuilder((value,))
            }

            /// Sets the [`offset` field](VkBytes#structfield.offset) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn offset_as_default(self) -> VkBytesBuilder<(::planus::DefaultValue,)> {
                self.offset(::planus::DefaultValue)
            }
        }

        impl<T0> VkBytesBuilder<(T0,)> {
            /// Setter for the [`length` field](VkBytes#structfield.length).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn length<T1>(self, value: T1) -> VkBytesBuilder<(T0, T1)>
            where
                T1: ::planus::WriteAsDefault<u64, u64>,
            {
                let (v0,) = self.0;
                VkBytesBuilder((v0, value))
            }

            /// Sets the [`length` field](VkBytes#structfield.length) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn length_as_default(self) -> VkBytesBuilder<(T0, ::planus::DefaultValue)> {
                self.length(::planus::DefaultValue)
            }
        }

        impl<T0, T1> VkBytesBuilder<(T0, T1)> {
            /// Setter for the [`named_key` field](VkBytes#structfield.named_key).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn named_key<T2>(self, value: T2) -> VkBytesBuilder<(T0, T1, T2)>
            where
                T2: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            {
                let (v0, v1) = self.0;
                VkBytesBuilder((v0, v1, value))
            }

            /// Sets the [`named_key` field](VkBytes#structfield.named_key) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn named_key_as_null(self) -> VkBytesBuilder<(T0, T1, ())> {
                self.named_key(())
            }
        }

        impl<T0, T1, T2> VkBytesBuilder<(T0, T1, T2)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [VkBytes].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkBytes>
            where
                Self: ::planus::WriteAsOffset<VkBytes>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<u64, u64>,
                T1: ::planus::WriteAsDefault<u64, u64>,
                T2: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            > ::planus::WriteAs<::planus::Offset<VkBytes>> for VkBytesBuilder<(T0, T1, T2)>
        {
            type Prepared = ::planus::Offset<VkBytes>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkBytes> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<u64, u64>,
                T1: ::planus::WriteAsDefault<u64, u64>,
                T2: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            > ::planus::WriteAsOptional<::planus::Offset<VkBytes>>
            for VkBytesBuilder<(T0, T1, T2)>
        {
            type Prepared = ::planus::Offset<VkBytes>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkBytes>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<
                T0: ::planus::WriteAsDefault<u64, u64>,
                T1: ::planus::WriteAsDefault<u64, u64>,
                T2: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            > ::planus::WriteAsOffset<VkBytes> for VkBytesBuilder<(T0, T1, T2)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkBytes> {
                let (v0, v1, v2) = &self.0;
                VkBytes::create(builder, v0, v1, v2)
            }
        }

        /// Reference to a deserialized [VkBytes].
        #[derive(Copy, Clone)]
        pub struct VkBytesRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> VkBytesRef<'a> {
            /// Getter for the [`offset` field](VkBytes#structfield.offset).
            #[inline]
            pub fn offset(&self) -> ::planus::Result<u64> {
                ::core::result::Result::Ok(self.0.access(0, "VkBytes", "offset")?.unwrap_or(0))
            }

            /// Getter for the [`length` field](VkBytes#structfield.length).
            #[inline]
            pub fn length(&self) -> ::planus::Result<u64> {
                ::core::result::Result::Ok(self.0.access(1, "VkBytes", "length")?.unwrap_or(0))
            }

            /// Getter for the [`named_key` field](VkBytes#structfield.named_key).
            #[inline]
            pub fn named_key(
                &self,
            ) -> ::planus::Result<::core::option::Option<&'a ::core::primitive::str>> {
                self.0.access(2, "VkBytes", "named_key")
            }
        }

        impl<'a> ::core::fmt::Debug for VkBytesRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("VkBytesRef");
                f.field("offset", &self.offset());
                f.field("length", &self.length());
                if let ::core::option::Option::Some(field_named_key) = self.named_key().transpose()
                {
                    f.field("named_key", &field_named_key);
                }
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<VkBytesRef<'a>> for VkBytes {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: VkBytesRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    offset: ::core::convert::TryInto::try_into(value.offset()?)?,
                    length: ::core::convert::TryInto::try_into(value.length()?)?,
                    named_key: value.named_key()?.map(::core::convert::Into::into),
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for VkBytesRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for VkBytesRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[VkBytesRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<VkBytes>> for VkBytes {
            type Value = ::planus::Offset<VkBytes>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<VkBytes>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for VkBytesRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[VkBytesRef]", "read_as_root", 0)
                })
            }
        }

        /// The table `VkGraph` in the namespace `vkgraph`
        ///
        /// Generated from these locations:
        /// * Table `VkGraph` in the file `components/vulkan/schema/vulkan.fbs:141`
        #[derive(Clone, Debug, PartialEq, PartialOrd, ::serde::Serialize, ::serde::Deserialize)]
        pub struct VkGraph {
            /// The field `version` in the table `VkGraph`
            pub version: ::core::option::Option<::planus::alloc::string::String>,
            /// The field `chain` in the table `VkGraph`
            pub chain: ::core::option::Option<::planus::alloc::vec::Vec<self::OperatorCall>>,
            /// The field `values` in the table `VkGraph`
            pub values: ::core::option::Option<::planus::alloc::vec::Vec<self::VkValue>>,
            /// The field `input_ids` in the table `VkGraph`
            pub input_ids: ::core::option::Option<::planus::alloc::vec::Vec<u32>>,
            /// The field `output_ids` in the table `VkGraph`
            pub output_ids: ::core::option::Option<::planus::alloc::vec::Vec<u32>>,
            /// The field `constants` in the table `VkGraph`
            pub constants: ::core::option::Option<::planus::alloc::vec::Vec<self::VkBytes>>,
            /// The field `shaders` in the table `VkGraph`
            pub shaders: ::core::option::Option<::planus::alloc::vec::Vec<self::VkBytes>>,
            /// The field `storage_type_override` in the table `VkGraph`
            pub storage_type_override: self::VkStorageType,
            /// The field `memory_layout_override` in the table `VkGraph`
            pub memory_layout_override: self::VkMemoryLayout,
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for VkGraph {
            fn default() -> Self {
                Self {
                    version: ::core::default::Default::default(),
                    chain: ::core::default::Default::default(),
                    values: ::core::default::Default::default(),
                    input_ids: ::core::default::Default::default(),
                    output_ids: ::core::default::Default::default(),
                    constants: ::core::default::Default::default(),
                    shaders: ::core::default::Default::default(),
                    storage_type_override: self::VkStorageType::DefaultStorage,
                    memory_layout_override: self::VkMemoryLayout::DefaultLayout,
                }
            }
        }

        impl VkGraph {
            /// Creates a [VkGraphBuilder] for serializing an instance of this table.
            #[inline]
            pub fn builder() -> VkGraphBuilder<()> {
                VkGraphBuilder(())
            }

            #[allow(clippy::too_many_arguments)]
            pub fn create(
                builder: &mut ::planus::Builder,
                field_version: impl ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                field_chain: impl ::planus::WriteAsOptional<
                    ::planus::Offset<[::planus::Offset<self::OperatorCall>]>,
                >,
                field_values: impl ::planus::WriteAsOptional<
                    ::planus::Offset<[::planus::Offset<self::VkValue>]>,
                >,
                field_input_ids: impl ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                field_output_ids: impl ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                field_constants: impl ::planus::WriteAsOptional<
                    ::planus::Offset<[::planus::Offset<self::VkBytes>]>,
                >,
                field_shaders: impl ::planus::WriteAsOptional<
                    ::planus::Offset<[::planus::Offset<self::VkBytes>]>,
                >,
                field_storage_type_override: impl ::planus::WriteAsDefault<
                    self::VkStorageType,
                    self::VkStorageType,
                >,
                field_memory_layout_override: impl ::planus::WriteAsDefault<
                    self::VkMemoryLayout,
                    self::VkMemoryLayout,
                >,
            ) -> ::planus::Offset<Self> {
                let prepared_version = field_version.prepare(builder);
                let prepared_chain = field_chain.prepare(builder);
                let prepared_values = field_values.prepare(builder);
                let prepared_input_ids = field_input_ids.prepare(builder);
                let prepared_output_ids = field_output_ids.prepare(builder);
                let prepared_constants = field_constants.prepare(builder);
                let prepared_shaders = field_shaders.prepare(builder);
                let prepared_storage_type_override = field_storage_type_override
                    .prepare(builder, &self::VkStorageType::DefaultStorage);
                let prepared_memory_layout_override = field_memory_layout_override
                    .prepare(builder, &self::VkMemoryLayout::DefaultLayout);

                let mut table_writer: ::planus::table_writer::TableWriter<22> =
                    ::core::default::Default::default();
                if prepared_version.is_some() {
                    table_writer.write_entry::<::planus::Offset<str>>(0);
                }
                if prepared_chain.is_some() {
                    table_writer
                        .write_entry::<::planus::Offset<[::planus::Offset<self::OperatorCall>]>>(1);
                }
                if prepared_values.is_some() {
                    table_writer
                        .write_entry::<::planus::Offset<[::planus::Offset<self::VkValue>]>>(2);
                }
                if prepared_input_ids.is_some() {
                    table_writer.write_entry::<::planus::Offset<[u32]>>(3);
                }
                if prepared_output_ids.is_some() {
                    table_writer.write_entry::<::planus::Offset<[u32]>>(4);
                }
                if prepared_constants.is_some() {
                    table_writer
                        .write_entry::<::planus::Offset<[::planus::Offset<self::VkBytes>]>>(5);
                }
                if prepared_shaders.is_some() {
                    table_writer
                        .write_entry::<::planus::Offset<[::planus::Offset<self::VkBytes>]>>(6);
                }
                if prepared_storage_type_override.is_some() {
                    table_writer.write_entry::<self::VkStorageType>(7);
                }
                if prepared_memory_layout_override.is_some() {
                    table_writer.write_entry::<self::VkMemoryLayout>(8);
                }

                unsafe {
                    table_writer.finish(builder, |object_writer| {
                        if let ::core::option::Option::Some(prepared_version) = prepared_version {
                            object_writer.write::<_, _, 4>(&prepared_version);
                        }
                        if let ::core::option::Option::Some(prepared_chain) = prepared_chain {
                            object_writer.write::<_, _, 4>(&prepared_chain);
                        }
                        if let ::core::option::Option::Some(prepared_values) = prepared_values {
                            object_writer.write::<_, _, 4>(&prepared_values);
                        }
                        if let ::core::option::Option::Some(prepared_input_ids) = prepared_input_ids
                        {
                            object_writer.write::<_, _, 4>(&prepared_input_ids);
                        }
                        if let ::core::option::Option::Some(prepared_output_ids) =
                            prepared_output_ids
                        {
                            object_writer.write::<_, _, 4>(&prepared_output_ids);
                        }
                        if let ::core::option::Option::Some(prepared_constants) = prepared_constants
                        {
                            object_writer.write::<_, _, 4>(&prepared_constants);
                        }
                        if let ::core::option::Option::Some(prepared_shaders) = prepared_shaders {
                            object_writer.write::<_, _, 4>(&prepared_shaders);
                        }
                        if let ::core::option::Option::Some(prepared_storage_type_override) =
                            prepared_storage_type_override
                        {
                            object_writer.write::<_, _, 1>(&prepared_storage_type_override);
                        }
                        if let ::core::option::Option::Some(prepared_memory_layout_override) =
                            prepared_memory_layout_override
                        {
                            object_writer.write::<_, _, 1>(&prepared_memory_layout_override);
                        }
                    });
                }
                builder.current_offset()
            }
        }

        impl ::planus::WriteAs<::planus::Offset<VkGraph>> for VkGraph {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkGraph> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl ::planus::WriteAsOptional<::planus::Offset<VkGraph>> for VkGraph {
            type Prepared = ::planus::Offset<Self>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkGraph>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl ::planus::WriteAsOffset<VkGraph> for VkGraph {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkGraph> {
                VkGraph::create(
                    builder,
                    &self.version,
                    &self.chain,
                    &self.values,
                    &self.input_ids,
                    &self.output_ids,
                    &self.constants,
                    &self.shaders,
                    self.storage_type_override,
                    self.memory_layout_override,
                )
            }
        }

        /// Builder for serializing an instance of the [VkGraph] type.
        ///
        /// Can be created using the [VkGraph::builder] method.
        #[derive(Debug)]
        #[must_use]
        pub struct VkGraphBuilder<State>(State);

        impl VkGraphBuilder<()> {
            /// Setter for the [`version` field](VkGraph#structfield.version).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn version<T0>(self, value: T0) -> VkGraphBuilder<(T0,)>
            where
                T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
            {
                VkGraphBuilder((value,))
            }

            /// Sets the [`version` field](VkGraph#structfield.version) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn version_as_null(self) -> VkGraphBuilder<((),)> {
                self.version(())
            }
        }

        impl<T0> VkGraphBuilder<(T0,)> {
            /// Setter for the [`chain` field](VkGraph#structfield.chain).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn chain<T1>(self, value: T1) -> VkGraphBuilder<(T0, T1)>
            where
                T1: ::planus::WriteAsOptional<
                    ::planus::Offset<[::planus::Offset<self::OperatorCall>]>,
                >,
            {
                let (v0,) = self.0;
                VkGraphBuilder((v0, value))
            }

            /// Sets the [`chain` field](VkGraph#structfield.chain) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn chain_as_null(self) -> VkGraphBuilder<(T0, ())> {
                self.chain(())
            }
        }

        impl<T0, T1> VkGraphBuilder<(T0, T1)> {
            /// Setter for the [`values` field](VkGraph#structfield.values).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn values<T2>(self, value: T2) -> VkGraphBuilder<(T0, T1, T2)>
            where
                T2: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkValue>]>>,
            {
                let (v0, v1) = self.0;
                VkGraphBuilder((v0, v1, value))
            }

            /// Sets the [`values` field](VkGraph#structfield.values) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn values_as_null(self) -> VkGraphBuilder<(T0, T1, ())> {
                self.values(())
            }
        }

        impl<T0, T1, T2> VkGraphBuilder<(T0, T1, T2)> {
            /// Setter for the [`input_ids` field](VkGraph#structfield.input_ids).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn input_ids<T3>(self, value: T3) -> VkGraphBuilder<(T0, T1, T2, T3)>
            where
                T3: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
            {
                let (v0, v1, v2) = self.0;
                VkGraphBuilder((v0, v1, v2, value))
            }

            /// Sets the [`input_ids` field](VkGraph#structfield.input_ids) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn input_ids_as_null(self) -> VkGraphBuilder<(T0, T1, T2, ())> {
                self.input_ids(())
            }
        }

        impl<T0, T1, T2, T3> VkGraphBuilder<(T0, T1, T2, T3)> {
            /// Setter for the [`output_ids` field](VkGraph#structfield.output_ids).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn output_ids<T4>(self, value: T4) -> VkGraphBuilder<(T0, T1, T2, T3, T4)>
            where
                T4: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
            {
                let (v0, v1, v2, v3) = self.0;
                VkGraphBuilder((v0, v1, v2, v3, value))
            }

            /// Sets the [`output_ids` field](VkGraph#structfield.output_ids) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn output_ids_as_null(self) -> VkGraphBuilder<(T0, T1, T2, T3, ())> {
                self.output_ids(())
            }
        }

        impl<T0, T1, T2, T3, T4> VkGraphBuilder<(T0, T1, T2, T3, T4)> {
            /// Setter for the [`constants` field](VkGraph#structfield.constants).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn constants<T5>(self, value: T5) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5)>
            where
                T5: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
            {
                let (v0, v1, v2, v3, v4) = self.0;
                VkGraphBuilder((v0, v1, v2, v3, v4, value))
            }

            /// Sets the [`constants` field](VkGraph#structfield.constants) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn constants_as_null(self) -> VkGraphBuilder<(T0, T1, T2, T3, T4, ())> {
                self.constants(())
            }
        }

        impl<T0, T1, T2, T3, T4, T5> VkGraphBuilder<(T0, T1, T2, T3, T4, T5)> {
            /// Setter for the [`shaders` field](VkGraph#structfield.shaders).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn shaders<T6>(self, value: T6) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6)>
            where
                T6: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
            {
                let (v0, v1, v2, v3, v4, v5) = self.0;
                VkGraphBuilder((v0, v1, v2, v3, v4, v5, value))
            }

            /// Sets the [`shaders` field](VkGraph#structfield.shaders) to null.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn shaders_as_null(self) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, ())> {
                self.shaders(())
            }
        }

        impl<T0, T1, T2, T3, T4, T5, T6> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6)> {
            /// Setter for the [`storage_type_override` field](VkGraph#structfield.storage_type_override).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn storage_type_override<T7>(
                self,
                value: T7,
            ) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7)>
            where
                T7: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
            {
                let (v0, v1, v2, v3, v4, v5, v6) = self.0;
                VkGraphBuilder((v0, v1, v2, v3, v4, v5, v6, value))
            }

            /// Sets the [`storage_type_override` field](VkGraph#structfield.storage_type_override) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn storage_type_override_as_default(
                self,
            ) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, ::planus::DefaultValue)> {
                self.storage_type_override(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2, T3, T4, T5, T6, T7> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7)> {
            /// Setter for the [`memory_layout_override` field](VkGraph#structfield.memory_layout_override).
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn memory_layout_override<T8>(
                self,
                value: T8,
            ) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7, T8)>
            where
                T8: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
            {
                let (v0, v1, v2, v3, v4, v5, v6, v7) = self.0;
                VkGraphBuilder((v0, v1, v2, v3, v4, v5, v6, v7, value))
            }

            /// Sets the [`memory_layout_override` field](VkGraph#structfield.memory_layout_override) to the default value.
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn memory_layout_override_as_default(
                self,
            ) -> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7, ::planus::DefaultValue)>
            {
                self.memory_layout_override(::planus::DefaultValue)
            }
        }

        impl<T0, T1, T2, T3, T4, T5, T6, T7, T8> VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7, T8)> {
            /// Finish writing the builder to get an [Offset](::planus::Offset) to a serialized [VkGraph].
            #[inline]
            pub fn finish(self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkGraph>
            where
                Self: ::planus::WriteAsOffset<VkGraph>,
            {
                ::planus::WriteAsOffset::prepare(&self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                T1: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::OperatorCall>]>>,
                T2: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkValue>]>>,
                T3: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T4: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T5: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
                T6: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
                T7: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
                T8: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
            > ::planus::WriteAs<::planus::Offset<VkGraph>>
            for VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7, T8)>
        {
            type Prepared = ::planus::Offset<VkGraph>;

            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkGraph> {
                ::planus::WriteAsOffset::prepare(self, builder)
            }
        }

        impl<
                T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                T1: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::OperatorCall>]>>,
                T2: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkValue>]>>,
                T3: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T4: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T5: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
                T6: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
                T7: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
                T8: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
            > ::planus::WriteAsOptional<::planus::Offset<VkGraph>>
            for VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7, T8)>
        {
            type Prepared = ::planus::Offset<VkGraph>;

            #[inline]
            fn prepare(
                &self,
                builder: &mut ::planus::Builder,
            ) -> ::core::option::Option<::planus::Offset<VkGraph>> {
                ::core::option::Option::Some(::planus::WriteAsOffset::prepare(self, builder))
            }
        }

        impl<
                T0: ::planus::WriteAsOptional<::planus::Offset<::core::primitive::str>>,
                T1: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::OperatorCall>]>>,
                T2: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkValue>]>>,
                T3: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T4: ::planus::WriteAsOptional<::planus::Offset<[u32]>>,
                T5: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
                T6: ::planus::WriteAsOptional<::planus::Offset<[::planus::Offset<self::VkBytes>]>>,
                T7: ::planus::WriteAsDefault<self::VkStorageType, self::VkStorageType>,
                T8: ::planus::WriteAsDefault<self::VkMemoryLayout, self::VkMemoryLayout>,
            > ::planus::WriteAsOffset<VkGraph>
            for VkGraphBuilder<(T0, T1, T2, T3, T4, T5, T6, T7, T8)>
        {
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> ::planus::Offset<VkGraph> {
                let (v0, v1, v2, v3, v4, v5, v6, v7, v8) = &self.0;
                VkGraph::create(builder, v0, v1, v2, v3, v4, v5, v6, v7, v8)
            }
        }

        /// Reference to a deserialized [VkGraph].
        #[derive(Copy, Clone)]
        pub struct VkGraphRef<'a>(#[allow(dead_code)] ::planus::table_reader::Table<'a>);

        impl<'a> VkGraphRef<'a> {
            /// Getter for the [`version` field](VkGraph#structfield.version).
            #[inline]
            pub fn version(
                &self,
            ) -> ::planus::Result<::core::option::Option<&'a ::core::primitive::str>> {
                self.0.access(0, "VkGraph", "version")
            }

            /// Getter for the [`chain` field](VkGraph#structfield.chain).
            #[inline]
            pub fn chain(
                &self,
            ) -> ::planus::Result<
                ::core::option::Option<
                    ::planus::Vector<'a, ::planus::Result<self::OperatorCallRef<'a>>>,
                >,
            > {
                self.0.access(1, "VkGraph", "chain")
            }

            /// Getter for the [`values` field](VkGraph#structfield.values).
            #[inline]
            pub fn values(
                &self,
            ) -> ::planus::Result<
                ::core::option::Option<
                    ::planus::Vector<'a, ::planus::Result<self::VkValueRef<'a>>>,
                >,
            > {
                self.0.access(2, "VkGraph", "values")
            }

            /// Getter for the [`input_ids` field](VkGraph#structfield.input_ids).
            #[inline]
            pub fn input_ids(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, u32>>> {
                self.0.access(3, "VkGraph", "input_ids")
            }

            /// Getter for the [`output_ids` field](VkGraph#structfield.output_ids).
            #[inline]
            pub fn output_ids(
                &self,
            ) -> ::planus::Result<::core::option::Option<::planus::Vector<'a, u32>>> {
                self.0.access(4, "VkGraph", "output_ids")
            }

            /// Getter for the [`constants` field](VkGraph#structfield.constants).
            #[inline]
            pub fn constants(
                &self,
            ) -> ::planus::Result<
                ::core::option::Option<
                    ::planus::Vector<'a, ::planus::Result<self::VkBytesRef<'a>>>,
                >,
            > {
                self.0.access(5, "VkGraph", "constants")
            }

            /// Getter for the [`shaders` field](VkGraph#structfield.shaders).
            #[inline]
            pub fn shaders(
                &self,
            ) -> ::planus::Result<
                ::core::option::Option<
                    ::planus::Vector<'a, ::planus::Result<self::VkBytesRef<'a>>>,
                >,
            > {
                self.0.access(6, "VkGraph", "shaders")
            }

            /// Getter for the [`storage_type_override` field](VkGraph#structfield.storage_type_override).
            #[inline]
            pub fn storage_type_override(&self) -> ::planus::Result<self::VkStorageType> {
                ::core::result::Result::Ok(
                    self.0
                        .access(7, "VkGraph", "storage_type_override")?
                        .unwrap_or(self::VkStorageType::DefaultStorage),
                )
            }

            /// Getter for the [`memory_layout_override` field](VkGraph#structfield.memory_layout_override).
            #[inline]
            pub fn memory_layout_override(&self) -> ::planus::Result<self::VkMemoryLayout> {
                ::core::result::Result::Ok(
                    self.0
                        .access(8, "VkGraph", "memory_layout_override")?
                        .unwrap_or(self::VkMemoryLayout::DefaultLayout),
                )
            }
        }

        impl<'a> ::core::fmt::Debug for VkGraphRef<'a> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut f = f.debug_struct("VkGraphRef");
                if let ::core::option::Option::Some(field_version) = self.version().transpose() {
                    f.field("version", &field_version);
                }
                if let ::core::option::Option::Some(field_chain) = self.chain().transpose() {
                    f.field("chain", &field_chain);
                }
                if let ::core::option::Option::Some(field_values) = self.values().transpose() {
                    f.field("values", &field_values);
                }
                if let ::core::option::Option::Some(field_input_ids) = self.input_ids().transpose()
                {
                    f.field("input_ids", &field_input_ids);
                }
                if let ::core::option::Option::Some(field_output_ids) =
                    self.output_ids().transpose()
                {
                    f.field("output_ids", &field_output_ids);
                }
                if let ::core::option::Option::Some(field_constants) = self.constants().transpose()
                {
                    f.field("constants", &field_constants);
                }
                if let ::core::option::Option::Some(field_shaders) = self.shaders().transpose() {
                    f.field("shaders", &field_shaders);
                }
                f.field("storage_type_override", &self.storage_type_override());
                f.field("memory_layout_override", &self.memory_layout_override());
                f.finish()
            }
        }

        impl<'a> ::core::convert::TryFrom<VkGraphRef<'a>> for VkGraph {
            type Error = ::planus::Error;

            #[allow(unreachable_code)]
            fn try_from(value: VkGraphRef<'a>) -> ::planus::Result<Self> {
                ::core::result::Result::Ok(Self {
                    version: value.version()?.map(::core::convert::Into::into),
                    chain: if let ::core::option::Option::Some(chain) = value.chain()? {
                        ::core::option::Option::Some(chain.to_vec_result()?)
                    } else {
                        ::core::option::Option::None
                    },
                    values: if let ::core::option::Option::Some(values) = value.values()? {
                        ::core::option::Option::Some(values.to_vec_result()?)
                    } else {
                        ::core::option::Option::None
                    },
                    input_ids: if let ::core::option::Option::Some(input_ids) = value.input_ids()? {
                        ::core::option::Option::Some(input_ids.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                    output_ids: if let ::core::option::Option::Some(output_ids) =
                        value.output_ids()?
                    {
                        ::core::option::Option::Some(output_ids.to_vec()?)
                    } else {
                        ::core::option::Option::None
                    },
                    constants: if let ::core::option::Option::Some(constants) = value.constants()? {
                        ::core::option::Option::Some(constants.to_vec_result()?)
                    } else {
                        ::core::option::Option::None
                    },
                    shaders: if let ::core::option::Option::Some(shaders) = value.shaders()? {
                        ::core::option::Option::Some(shaders.to_vec_result()?)
                    } else {
                        ::core::option::Option::None
                    },
                    storage_type_override: ::core::convert::TryInto::try_into(
                        value.storage_type_override()?,
                    )?,
                    memory_layout_override: ::core::convert::TryInto::try_into(
                        value.memory_layout_override()?,
                    )?,
                })
            }
        }

        impl<'a> ::planus::TableRead<'a> for VkGraphRef<'a> {
            #[inline]
            fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::core::result::Result<Self, ::planus::errors::ErrorKind> {
                ::core::result::Result::Ok(Self(::planus::table_reader::Table::from_buffer(
                    buffer, offset,
                )?))
            }
        }

        impl<'a> ::planus::VectorReadInner<'a> for VkGraphRef<'a> {
            type Error = ::planus::Error;
            const STRIDE: usize = 4;

            unsafe fn from_buffer(
                buffer: ::planus::SliceWithStartOffset<'a>,
                offset: usize,
            ) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(buffer, offset).map_err(|error_kind| {
                    error_kind.with_error_location("[VkGraphRef]", "get", buffer.offset_from_start)
                })
            }
        }

        /// # Safety
        /// The planus compiler generates implementations that initialize
        /// the bytes in `write_values`.
        unsafe impl ::planus::VectorWrite<::planus::Offset<VkGraph>> for VkGraph {
            type Value = ::planus::Offset<VkGraph>;
            const STRIDE: usize = 4;
            #[inline]
            fn prepare(&self, builder: &mut ::planus::Builder) -> Self::Value {
                ::planus::WriteAs::prepare(self, builder)
            }

            #[inline]
            unsafe fn write_values(
                values: &[::planus::Offset<VkGraph>],
                bytes: *mut ::core::mem::MaybeUninit<u8>,
                buffer_position: u32,
            ) {
                let bytes = bytes as *mut [::core::mem::MaybeUninit<u8>; 4];
                for (i, v) in ::core::iter::Iterator::enumerate(values.iter()) {
                    ::planus::WriteAsPrimitive::write(
                        v,
                        ::planus::Cursor::new(unsafe { &mut *bytes.add(i) }),
                        buffer_position - (Self::STRIDE * i) as u32,
                    );
                }
            }
        }

        impl<'a> ::planus::ReadAsRoot<'a> for VkGraphRef<'a> {
            fn read_as_root(slice: &'a [u8]) -> ::planus::Result<Self> {
                ::planus::TableRead::from_buffer(
                    ::planus::SliceWithStartOffset {
                        buffer: slice,
                        offset_from_start: 0,
                    },
                    0,
                )
                .map_err(|error_kind| {
                    error_kind.with_error_location("[VkGraphRef]", "read_as_root", 0)
                })
            }
        }
    }
}
