//! Host-side implementations of the `plugboard:accel` imports.
//!
//! Nothing is implemented yet: the GPU (wgpu) and QNN import surfaces come
//! with the Vulkan backend work. The crate exists so that the layout of
//! `DESIGN.md` holds from the start.
