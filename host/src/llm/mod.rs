//! Text generation with language-model programs, as ExecuTorch's `TextLLMRunner`
//! (`extension/llm/runner`) does it: the prompt is tokenized and prefilled through the
//! KV cache, then one token is sampled, fed back and decoded per step until an EOS id,
//! the token budget or the context limit.
//!
//! - `tokenizer.rs`: [`Tokenizer`], Hugging Face `tokenizer.json` files through the
//!   `tokenizers` crate, with streaming decode;
//! - `sampler.rs`: [`Sampler`], greedy, temperature and top-p sampling, seeded;
//! - `runner.rs`: [`TextLlmRunner`], [`GenerationConfig`] and [`Stats`].
//!
//! The program is what `export_llama` (or optimum-executorch) writes with a KV cache:
//! a `forward` method taking tokens `Long [1, S]` and the start position `Long [1]`,
//! returning the last position's logits `Float [1, vocab]`, and the metadata methods
//! (`get_max_seq_len`, `get_max_context_len`, `get_vocab_size`, `get_bos_id`,
//! `get_eos_ids`, `use_kv_cache`, `enable_dynamic_shape`), each a constant.

mod runner;
mod sampler;
mod tokenizer;

pub use runner::{GenerationConfig, Metadata, Stats, TextLlmRunner};
pub use sampler::Sampler;
pub use tokenizer::{Detokenizer, Tokenizer};
