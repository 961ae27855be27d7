//! The order a decode step calls its layers in, learned from the calls, so the pool's
//! idle workers can prefetch the next layers' weights while the step does its other
//! work ([`crate::pool::warm`]).
//!
//! A decode step reads every weight once (57 MB for the 100M Llama of the LLM bench,
//! more than the last-level cache), and between its linear layers it spends most of its
//! time elsewhere (norms, attention, the executor), with the workers spinning. The
//! calls come in the same order every step, so the layer that followed this one last
//! time is the one to warm now.

use std::collections::HashMap;
use std::sync::OnceLock;

/// How far ahead to warm, in bytes of weights: the size of the last-level cache
/// (warming past it would evict the layers warmed first), or
/// `PLUGBOARD_WARM_AHEAD_MIB` (0 turns warming off, to measure it). Measured on the
/// 100M Llama at two threads (AMD EPYC, 32 MiB L3; median decode step of 8
/// alternating runs): 3.13 ms with none, 2.91 with 2 MiB, 2.80 with 16, 2.71 with 32.
fn ahead_bytes() -> usize {
    static AHEAD: OnceLock<usize> = OnceLock::new();
    *AHEAD.get_or_init(|| {
        let mib = std::env::var("PLUGBOARD_WARM_AHEAD_MIB")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok());
        match mib {
            Some(m) => m.saturating_mul(1 << 20),
            None => last_level_cache().unwrap_or(8 << 20),
        }
    })
}

/// The size of the largest cache of CPU 0 (Linux's sysfs), in bytes.
fn last_level_cache() -> Option<usize> {
    let dir = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    dir.flatten()
        .filter_map(|e| {
            let size = std::fs::read_to_string(e.path().join("size")).ok()?;
            parse_size(size.trim())
        })
        .max()
}

/// A sysfs cache size: `32768K`, `8M`, or bytes.
fn parse_size(s: &str) -> Option<usize> {
    let (digits, unit) = match s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => s.split_at(i),
        None => (s, ""),
    };
    let n: usize = digits.parse().ok()?;
    let scale = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    n.checked_mul(scale)
}

/// See the module docs. Layers are named by their weights' address (a layer dropped
/// and another made at the same address costs at most a useless prefetch, which
/// never faults).
#[derive(Default)]
pub(crate) struct LayerOrder {
    /// The last layer called.
    prev: usize,
    /// For each layer, the one called after it last time: its weights' address and
    /// length.
    next: HashMap<usize, (usize, usize)>,
}

impl LayerOrder {
    /// Records a call of the layer whose weights are `weights` (address, length) and
    /// returns the ranges to warm now: the layers that followed it, up to [`ahead_bytes`]
    /// bytes and [`crate::pool::WARM_RANGES`] layers.
    pub(super) fn called(&mut self, weights: (usize, usize)) -> Vec<(usize, usize)> {
        if self.prev != 0 && self.prev != weights.0 {
            self.next.insert(self.prev, weights);
        }
        self.prev = weights.0;
        let mut ahead = Vec::new();
        let mut at = weights.0;
        let mut bytes = 0;
        let limit = ahead_bytes();
        while ahead.len() < crate::pool::WARM_RANGES && bytes < limit {
            let Some(&(a, n)) = self.next.get(&at) else {
                break;
            };
            if a == weights.0 || ahead.iter().any(|&(b, _)| b == a) {
                break; // around the step once
            }
            ahead.push((a, n.min(limit - bytes)));
            bytes += n;
            at = a;
        }
        ahead
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layers_after_this_one_are_warmed_in_the_order_they_came() {
        let mut order = LayerOrder::default();
        let (a, b, c) = ((0x1000, 10), (0x2000, 20), (0x3000, 30));
        // The first step: nothing learned yet.
        assert!(order.called(a).is_empty());
        assert!(order.called(b).is_empty());
        assert!(order.called(c).is_empty());
        // The second: each layer's successors, around the step once.
        assert_eq!(order.called(a), vec![b, c]);
        assert_eq!(order.called(b), vec![c, a]);
        assert_eq!(order.called(c), vec![a, b]);
    }

    #[test]
    fn cache_sizes_parse() {
        assert_eq!(parse_size("32768K"), Some(32 << 20));
        assert_eq!(parse_size("8M"), Some(8 << 20));
        assert_eq!(parse_size("512"), Some(512));
        assert_eq!(parse_size("12Q"), None);
        assert_eq!(parse_size(""), None);
    }
}
