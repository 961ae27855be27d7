//! What one component instance may ask of the GPU: the device's limits (as granted to
//! the host's device) capped by the host's own bounds and the instance's budget.

/// Most bytes of WGSL one `create-pipeline` may pass.
pub const MAX_SHADER_BYTES: u32 = 256 * 1024;
/// Deepest nesting of `(`, `[` and `{` accepted in WGSL (the compiler recurses on it).
pub const MAX_SHADER_NESTING: usize = 64;
/// Most pipelines one instance may hold.
pub const MAX_PIPELINES: u32 = 1024;
/// Most buffers one instance may hold.
pub const MAX_BUFFERS: usize = 65_536;
/// Most bind groups one instance may hold.
pub const MAX_BIND_GROUPS: usize = 65_536;
/// Most commands (dispatches and copies) and most reads or writes in one `run`.
pub const MAX_COMMANDS: u32 = 65_536;
/// Most workgroups of one dispatch (`x * y * z`).
pub const MAX_WORKGROUPS_PER_DISPATCH: u32 = 1 << 24;

/// The limits a session works under; the `limits` record of `wit/gpu.wit`. Sizes in
/// bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest buffer (the device's `max_buffer_size`, at most the budget).
    pub max_buffer_size: u64,
    /// Largest storage binding range.
    pub max_storage_binding_size: u64,
    /// Largest uniform binding range.
    pub max_uniform_binding_size: u64,
    /// Most storage bindings in one layout (the device's per-stage limit).
    pub max_storage_bindings: u32,
    /// Most uniform bindings in one layout.
    pub max_uniform_bindings: u32,
    /// Most workgroups per dimension of a dispatch.
    pub max_workgroups_per_dimension: u32,
    /// Most workgroups of one dispatch in all.
    pub max_workgroups_per_dispatch: u32,
    /// Most invocations per workgroup.
    pub max_invocations_per_workgroup: u32,
    /// Largest workgroup size along x, y, z.
    pub max_workgroup_size: [u32; 3],
    /// Storage binding offsets are multiples of this.
    pub storage_offset_alignment: u32,
    /// Uniform binding offsets are multiples of this.
    pub uniform_offset_alignment: u32,
    /// Bytes of buffers the session may hold at once.
    pub budget: u64,
    /// Largest WGSL source.
    pub max_shader_bytes: u32,
    /// Most pipelines the session may hold.
    pub max_pipelines: u32,
    /// Most commands in one `run`.
    pub max_commands: u32,
}

impl Limits {
    /// The limits of a session on a device granted `device` limits, with a budget of
    /// `budget` bytes.
    pub fn new(device: &wgpu::Limits, budget: u64) -> Limits {
        Limits {
            max_buffer_size: device.max_buffer_size.min(budget),
            max_storage_binding_size: device.max_storage_buffer_binding_size,
            max_uniform_binding_size: device.max_uniform_buffer_binding_size,
            max_storage_bindings: device
                .max_storage_buffers_per_shader_stage
                .min(device.max_bindings_per_bind_group),
            max_uniform_bindings: device
                .max_uniform_buffers_per_shader_stage
                .min(device.max_bindings_per_bind_group),
            max_workgroups_per_dimension: device.max_compute_workgroups_per_dimension,
            max_workgroups_per_dispatch: MAX_WORKGROUPS_PER_DISPATCH,
            max_invocations_per_workgroup: device.max_compute_invocations_per_workgroup,
            max_workgroup_size: [
                device.max_compute_workgroup_size_x,
                device.max_compute_workgroup_size_y,
                device.max_compute_workgroup_size_z,
            ],
            storage_offset_alignment: device.min_storage_buffer_offset_alignment,
            uniform_offset_alignment: device.min_uniform_buffer_offset_alignment,
            budget,
            max_shader_bytes: MAX_SHADER_BYTES,
            max_pipelines: MAX_PIPELINES,
            max_commands: MAX_COMMANDS,
        }
    }
}
