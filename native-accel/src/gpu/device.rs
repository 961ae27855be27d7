//! The host's one GPU device, shared by every component instance.

use std::sync::{Arc, Mutex, PoisonError};

use super::cut;

/// The adapter a [`GpuHost`] opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdapterInfo {
    /// The adapter's name, e.g. `llvmpipe (LLVM 19.1.7, 256 bits)`.
    pub name: String,
    /// `vulkan`, `metal`, `dx12` or `gl`.
    pub backend: String,
    /// `discrete-gpu`, `integrated-gpu`, `virtual-gpu`, `cpu` or `other`.
    pub device_type: String,
    /// Driver name and version (may be empty).
    pub driver: String,
}

/// An open device: wgpu's device and queue, what the adapter is, and whether the
/// device was lost (and why).
pub(crate) struct Device {
    pub(crate) device: wgpu::Device,
    pub(crate) queue: wgpu::Queue,
    pub(crate) info: AdapterInfo,
    /// The limits the device was granted (all the adapter offers).
    pub(crate) limits: wgpu::Limits,
    lost: Arc<Mutex<Option<String>>>,
}

impl Device {
    /// Why the device was lost, if it was.
    pub(crate) fn lost(&self) -> Option<String> {
        self.lost
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Marks the device lost (a wgpu panic, a submission that never finished): every
    /// session's next call fails and the next `open` creates a new device.
    pub(crate) fn mark_lost(&self, why: impl Into<String>) {
        let mut lost = self.lost.lock().unwrap_or_else(PoisonError::into_inner);
        if lost.is_none() {
            *lost = Some(why.into());
        }
    }
}

/// The GPU of one host: opened on first use, shared by every component instance,
/// re-created after device loss. Cheap to share (`Arc`).
pub struct GpuHost {
    enabled: bool,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    device: Option<Arc<Device>>,
    /// Why no adapter could be opened (kept: looking again would find none again).
    failure: Option<String>,
}

impl GpuHost {
    /// A GPU host; with `enabled` false every `open` says the GPU is turned off.
    pub fn new(enabled: bool) -> Arc<GpuHost> {
        Arc::new(GpuHost {
            enabled,
            state: Mutex::new(State::default()),
        })
    }

    /// The adapter in use, opening the device if needed; `Err` gives the reason there
    /// is no usable GPU. For `plugboard backends` and the `open` import.
    pub fn adapter(&self) -> Result<AdapterInfo, String> {
        self.device().map(|d| d.info.clone())
    }

    /// The device, opened now if there is none or the last one was lost.
    pub(crate) fn device(&self) -> Result<Arc<Device>, String> {
        if !self.enabled {
            return Err("the GPU is turned off (--gpu off)".into());
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(d) = &state.device {
            if d.lost().is_none() {
                return Ok(d.clone());
            }
            state.device = None;
        }
        if let Some(why) = &state.failure {
            return Err(why.clone());
        }
        // wgpu (and the drivers under it) are foreign code: a panic here must not take
        // the host down.
        let opened = std::panic::catch_unwind(open_device)
            .unwrap_or_else(|_| Err("the GPU driver panicked while opening the device".into()));
        match opened {
            Ok(d) => {
                let d = Arc::new(d);
                state.device = Some(d.clone());
                Ok(d)
            }
            Err(why) => {
                state.failure = Some(why.clone());
                Err(why)
            }
        }
    }

    /// Destroys the current device as a driver reset would (wgpu's `Device::destroy`),
    /// so tests can show that sessions see the loss and the next `open` recovers.
    pub fn destroy_device(&self) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(d) = &state.device {
            d.device.destroy();
            d.mark_lost("the device was destroyed");
        }
    }
}

fn open_device() -> Result<Device, String> {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::PRIMARY;
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        ..Default::default()
    }))
    .map_err(|e| cut(format!("no GPU adapter (Vulkan, Metal or DX12): {e}"), 1024))?;
    let info = adapter.get_info();
    let limits = adapter.limits();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("plugboard"),
        required_limits: limits.clone(),
        ..Default::default()
    }))
    .map_err(|e| {
        cut(
            format!("the adapter {} gave no device: {e}", info.name),
            1024,
        )
    })?;
    let lost = Arc::new(Mutex::new(None));
    let flag = lost.clone();
    device.set_device_lost_callback(move |reason, message| {
        let mut lost = flag.lock().unwrap_or_else(PoisonError::into_inner);
        if lost.is_none() {
            *lost = Some(cut(format!("{reason:?}: {message}"), 1024));
        }
    });
    // Sessions wrap every call in error scopes; anything else is logged, never a panic.
    device.on_uncaptured_error(Arc::new(|e: wgpu::Error| {
        eprintln!("plugboard gpu: uncaptured device error: {e}");
    }));
    let device_type = match info.device_type {
        wgpu::DeviceType::DiscreteGpu => "discrete-gpu",
        wgpu::DeviceType::IntegratedGpu => "integrated-gpu",
        wgpu::DeviceType::VirtualGpu => "virtual-gpu",
        wgpu::DeviceType::Cpu => "cpu",
        wgpu::DeviceType::Other => "other",
    };
    let driver = [info.driver.as_str(), info.driver_info.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Device {
        info: AdapterInfo {
            name: info.name.clone(),
            backend: info.backend.to_str().to_string(),
            device_type: device_type.into(),
            driver,
        },
        device,
        queue,
        limits,
        lost,
    })
}
