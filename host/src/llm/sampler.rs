//! Choosing the next token from logits: greedy (temperature 0), or sampling from the
//! softmax at a temperature, optionally restricted to the smallest set of tokens whose
//! probabilities reach `top_p` (nucleus sampling), with a seeded generator so a run
//! can be repeated.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A token sampler.
#[derive(Debug)]
pub struct Sampler {
    temperature: f32,
    top_p: f32,
    rng: StdRng,
}

impl Sampler {
    /// A sampler at `temperature` (0 or less: greedy, the highest logit, the first on a
    /// tie) keeping the top-`top_p` probability mass (1: all tokens), seeded by `seed`.
    pub fn new(temperature: f32, top_p: f32, seed: u64) -> Sampler {
        Sampler {
            temperature,
            top_p: top_p.clamp(0.0, 1.0),
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The index of the chosen token in `logits` (one per vocabulary id).
    pub fn sample(&mut self, logits: &[f32]) -> usize {
        if self.temperature <= 0.0 || logits.len() < 2 {
            return argmax(logits);
        }
        let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut probs: Vec<(usize, f32)> = logits
            .iter()
            .enumerate()
            .map(|(i, &x)| (i, ((x - max) / self.temperature).exp()))
            .collect();
        let total: f32 = probs.iter().map(|p| p.1).sum();
        if !(total.is_finite() && total > 0.0) {
            return argmax(logits);
        }
        if self.top_p < 1.0 {
            probs.sort_by(|a, b| b.1.total_cmp(&a.1));
            let mut kept = 0.0;
            let mut n = 0;
            for p in &probs {
                kept += p.1;
                n += 1;
                if kept >= self.top_p * total {
                    break;
                }
            }
            probs.truncate(n.max(1));
        }
        let mass: f32 = probs.iter().map(|p| p.1).sum();
        let mut r = self.rng.random::<f32>() * mass;
        for &(i, p) in &probs {
            if r < p {
                return i;
            }
            r -= p;
        }
        probs.last().map(|p| p.0).unwrap_or(0)
    }
}

/// The index of the largest value (the first on a tie; NaN never wins).
pub fn argmax(v: &[f32]) -> usize {
    let mut best = 0;
    for (i, &x) in v.iter().enumerate() {
        if x > v[best] || v[best].is_nan() {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_and_seeded_sampling() {
        let logits = [0.1, 2.0, 2.0, -1.0];
        assert_eq!(Sampler::new(0.0, 1.0, 0).sample(&logits), 1);
        // Top-p small enough keeps only the most likely tokens.
        let mut s = Sampler::new(1.0, 0.01, 7);
        for _ in 0..20 {
            assert!(matches!(s.sample(&logits), 1 | 2));
        }
        let a: Vec<usize> = {
            let mut s = Sampler::new(0.8, 0.95, 42);
            (0..32).map(|_| s.sample(&logits)).collect()
        };
        let b: Vec<usize> = {
            let mut s = Sampler::new(0.8, 0.95, 42);
            (0..32).map(|_| s.sample(&logits)).collect()
        };
        assert_eq!(a, b, "same seed, same tokens");
    }
}
