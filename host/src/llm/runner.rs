//! [`TextLlmRunner`]: prefill and decode through a language model's KV cache, shaped like
//! ExecuTorch's `TextLLMRunner` (`extension/llm/runner/text_llm_runner.h`) and its
//! `GenerationConfig`, so a step loop written for one reads the same on the other.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::sampler::Sampler;
use super::tokenizer::{Detokenizer, Tokenizer};
use crate::program::ValueDef;
use crate::{EValue, Error, ErrorKind, Method, Program, Registry, Result, ScalarType, Tensor};

/// How to generate; the fields and defaults of ExecuTorch's `GenerationConfig`.
#[derive(Debug, Clone, PartialEq)]
pub struct GenerationConfig {
    /// Print the prompt before the generated text (through the token callback).
    pub echo: bool,
    /// Most tokens to generate, the first (sampled from the prefill) included; `None`:
    /// until the context is full.
    pub max_new_tokens: Option<usize>,
    /// Most tokens in the context, prompt included; `None`: the model's
    /// `get_max_context_len`.
    pub seq_len: Option<usize>,
    /// Sampling temperature; 0 or less is greedy.
    pub temperature: f32,
    /// Nucleus sampling: keep the most likely tokens up to this probability mass (1: all).
    pub top_p: f32,
    /// Seed of the sampler's generator.
    pub seed: u64,
    /// BOS ids put before the prompt's tokens (`get_bos_id`).
    pub num_bos: usize,
    /// EOS ids put after them (the first of `get_eos_ids`).
    pub num_eos: usize,
}

impl Default for GenerationConfig {
    fn default() -> Self {
        GenerationConfig {
            echo: true,
            max_new_tokens: None,
            seq_len: None,
            temperature: 0.8,
            top_p: 1.0,
            seed: 0,
            num_bos: 0,
            num_eos: 0,
        }
    }
}

impl GenerationConfig {
    /// The tokens left to generate when `occupied` positions of a `max_context_len`
    /// context are taken (ExecuTorch's `resolve_max_new_tokens`).
    pub fn resolve_max_new_tokens(&self, max_context_len: usize, occupied: usize) -> usize {
        let limit = self
            .seq_len
            .map_or(max_context_len, |s| s.min(max_context_len));
        let room = limit.saturating_sub(occupied);
        self.max_new_tokens.map_or(room, |n| n.min(room))
    }
}

/// What a generation took. Times are wall-clock.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Tokens prefilled (BOS/EOS added by the config included).
    pub prompt_tokens: usize,
    /// Tokens generated, the first included.
    pub generated_tokens: usize,
    /// Loading the program and the method.
    pub load: Duration,
    /// From the start of `generate` to the prefill's logits.
    pub prefill: Duration,
    /// From the start of `generate` to the first generated token's text.
    pub time_to_first_token: Duration,
    /// The decode steps (every generated token after the first).
    pub decode: Duration,
}

impl Stats {
    /// Prompt tokens per second of prefill.
    pub fn prefill_tokens_per_second(&self) -> f64 {
        per_second(self.prompt_tokens, self.prefill)
    }

    /// Generated tokens (after the first) per second of decode.
    pub fn decode_tokens_per_second(&self) -> f64 {
        per_second(self.generated_tokens.saturating_sub(1), self.decode)
    }
}

fn per_second(n: usize, d: Duration) -> f64 {
    if d.is_zero() {
        0.0
    } else {
        n as f64 / d.as_secs_f64()
    }
}

/// The model's constants, from `export_llama`'s metadata methods.
#[derive(Debug, Clone, PartialEq)]
pub struct Metadata {
    /// `get_max_seq_len`: most tokens one `forward` takes.
    pub max_seq_len: usize,
    /// `get_max_context_len`: the KV cache's positions (`get_max_seq_len` when absent).
    pub max_context_len: usize,
    /// `get_vocab_size`: the logits' length (the output's size when absent).
    pub vocab_size: usize,
    /// `get_bos_id`.
    pub bos_id: Option<u32>,
    /// `get_eos_ids`: generation stops at any of them.
    pub eos_ids: Vec<u32>,
    /// `use_kv_cache` (true when absent and `forward` takes a start position).
    pub use_kv_cache: bool,
    /// `enable_dynamic_shape`: `forward` takes up to `max_seq_len` tokens at once;
    /// otherwise one token per call.
    pub enable_dynamic_shape: bool,
}

/// A text generation runner over a KV-cache language model program.
pub struct TextLlmRunner {
    method: Method,
    tokenizer: Tokenizer,
    metadata: Metadata,
    /// Most tokens one `forward` takes (the tokens input's bound).
    chunk: usize,
    /// The next position to fill (the cache holds `0..pos`).
    pos: usize,
    load: Duration,
}

impl std::fmt::Debug for TextLlmRunner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextLlmRunner")
            .field("metadata", &self.metadata)
            .field("pos", &self.pos)
            .finish()
    }
}

fn constant(program: &Arc<Program>, registry: &Registry, name: &str) -> Result<Option<EValue>> {
    if !program.method_names().contains(&name) {
        return Ok(None);
    }
    let mut m = Method::load(program.clone(), name, registry)?;
    m.execute()?;
    Ok(m.outputs()?.into_iter().next())
}

fn as_usize(v: &EValue, name: &str) -> Result<usize> {
    match v {
        EValue::Int(i) if *i >= 0 => Ok(*i as usize),
        other => Err(Error::invalid_program(format!(
            "metadata method `{name}` gave {other:?}, not a count"
        ))),
    }
}

fn as_id(v: i64, name: &str) -> Result<u32> {
    u32::try_from(v)
        .map_err(|_| Error::invalid_program(format!("metadata `{name}`: {v} is not a token id")))
}

impl TextLlmRunner {
    /// Loads the program at `model` and the tokenizer at `tokenizer` (a
    /// `tokenizer.json`), with the operators and backends of `registry`.
    ///
    /// # Errors
    /// The program's or method's load errors; `NotSupported` for a program without a
    /// KV cache (`forward` must take tokens `Long [1, S]` and a start position
    /// `Long [1]`); `InvalidProgram` for metadata of the wrong kind; the tokenizer's.
    pub fn load(model: &Path, tokenizer: &Path, registry: &Registry) -> Result<TextLlmRunner> {
        Self::load_with_data(model, None, tokenizer, registry)
    }

    /// [`TextLlmRunner::load`] for a program whose weights are in external data
    /// (`data`, a FlatTensor `.ptd` file).
    ///
    /// # Errors
    /// As [`TextLlmRunner::load`]; the external data's.
    pub fn load_with_data(
        model: &Path,
        data: Option<&Path>,
        tokenizer: &Path,
        registry: &Registry,
    ) -> Result<TextLlmRunner> {
        let t0 = Instant::now();
        let mut program = Program::from_file(model)?;
        if let Some(d) = data {
            program.add_external_data(crate::program::FlatTensor::from_file(d)?)?;
        }
        let tokenizer = Tokenizer::from_file(tokenizer)?;
        Self::with_program(Arc::new(program), tokenizer, registry, t0)
    }

    fn with_program(
        program: Arc<Program>,
        tokenizer: Tokenizer,
        registry: &Registry,
        t0: Instant,
    ) -> Result<TextLlmRunner> {
        let method = Method::load(program.clone(), "forward", registry)?;
        let plan = method.plan();
        let input_def = |i: usize| {
            plan.inputs.get(i).and_then(|&vi| match &plan.values[vi] {
                ValueDef::Tensor(t) => Some(t.clone()),
                _ => None,
            })
        };
        let tokens = input_def(0).filter(|t| t.dtype == ScalarType::Long && t.sizes.len() == 2);
        let start = input_def(1).filter(|t| t.dtype == ScalarType::Long);
        let (Some(tokens), Some(_), 2) = (tokens, start, plan.inputs.len()) else {
            return Err(Error::new(
                ErrorKind::NotSupported,
                "`forward` must take tokens (Long [1, S]) and a start position (Long [1]): \
                 export the model with a KV cache (`export_llama -kv`)",
            ));
        };
        let bound = tokens.sizes[1] as usize;
        let get = |name: &str| constant(&program, registry, name);
        let max_seq_len = match get("get_max_seq_len")? {
            Some(v) => as_usize(&v, "get_max_seq_len")?,
            None => bound,
        };
        let max_context_len = match get("get_max_context_len")? {
            Some(v) => as_usize(&v, "get_max_context_len")?,
            None => max_seq_len,
        };
        let vocab_size = match get("get_vocab_size")? {
            Some(v) => as_usize(&v, "get_vocab_size")?,
            None => 0,
        };
        let bos_id = match get("get_bos_id")? {
            Some(EValue::Int(v)) => Some(as_id(v, "get_bos_id")?),
            _ => None,
        };
        let eos_ids = match get("get_eos_ids")? {
            Some(EValue::Int(v)) => vec![as_id(v, "get_eos_ids")?],
            Some(EValue::IntList(v)) => v
                .iter()
                .map(|&x| as_id(x, "get_eos_ids"))
                .collect::<Result<_>>()?,
            _ => Vec::new(),
        };
        let flag = |name: &str, default: bool| -> Result<bool> {
            Ok(match get(name)? {
                Some(EValue::Bool(b)) => b,
                Some(EValue::Int(i)) => i != 0,
                _ => default,
            })
        };
        let use_kv_cache = flag("use_kv_cache", true)?;
        let enable_dynamic_shape = flag("enable_dynamic_shape", bound > 1)?;
        if !use_kv_cache {
            return Err(Error::new(
                ErrorKind::NotSupported,
                "the program has no KV cache (`use_kv_cache` is false)",
            ));
        }
        let chunk = if enable_dynamic_shape {
            bound.clamp(1, max_seq_len.max(1))
        } else {
            1
        };
        Ok(TextLlmRunner {
            method,
            tokenizer,
            metadata: Metadata {
                max_seq_len,
                max_context_len,
                vocab_size,
                bos_id,
                eos_ids,
                use_kv_cache,
                enable_dynamic_shape,
            },
            chunk,
            pos: 0,
            load: t0.elapsed(),
        })
    }

    /// The model's constants.
    pub fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// The tokenizer.
    pub fn tokenizer(&self) -> &Tokenizer {
        &self.tokenizer
    }

    /// The logits' length (`get_vocab_size`).
    pub fn vocab_size(&self) -> usize {
        self.metadata.vocab_size
    }

    /// Starts the next `generate` at position 0: the cache's old positions are then
    /// overwritten before attention reads them.
    pub fn reset(&mut self) {
        self.pos = 0;
    }

    /// Runs `tokens` at positions `pos..` through `forward` and gives the last
    /// position's logits (float32, `vocab_size` long).
    ///
    /// # Errors
    /// `InvalidArgument` when the tokens do not fit one call or the context; the
    /// method's execute errors.
    pub fn forward(&mut self, tokens: &[u32], pos: usize) -> Result<Vec<f32>> {
        if tokens.is_empty() || tokens.len() > self.chunk {
            return Err(Error::invalid_argument(format!(
                "{} tokens in one forward call: between 1 and {}",
                tokens.len(),
                self.chunk
            )));
        }
        if pos + tokens.len() > self.metadata.max_context_len {
            return Err(Error::invalid_argument(format!(
                "positions {pos}..{} are past the context of {}",
                pos + tokens.len(),
                self.metadata.max_context_len
            )));
        }
        let ids: Vec<u8> = tokens
            .iter()
            .flat_map(|&t| i64::from(t).to_le_bytes())
            .collect();
        let ids = Tensor::new(ScalarType::Long, vec![1, tokens.len()], ids)?;
        let start = Tensor::new(
            ScalarType::Long,
            vec![1],
            (pos as i64).to_le_bytes().to_vec(),
        )?;
        self.method.set_input(0, EValue::Tensor(ids))?;
        self.method.set_input(1, EValue::Tensor(start))?;
        self.method.execute()?;
        let out = self.method.outputs()?.into_iter().next();
        let not_logits =
            || Error::invalid_program("`forward`'s first output is not a float32 tensor of logits");
        let t = match out {
            Some(EValue::Tensor(t)) if t.dtype == ScalarType::Float => t,
            _ => return Err(not_logits()),
        };
        let t = if t.is_contiguous() {
            t
        } else {
            let order: Vec<u8> = (0..t.sizes.len() as u8).collect();
            t.to_dim_order(&order)?
        };
        let n = t.data.len() / 4;
        let vocab = if self.metadata.vocab_size > 0 {
            self.metadata.vocab_size
        } else {
            n
        };
        // Programs exported with full logits give every position's: keep the last.
        let last = n.checked_sub(vocab).ok_or_else(|| {
            Error::invalid_program(format!("{n} logits, fewer than the vocabulary's {vocab}"))
        })?;
        Ok(t.data[last * 4..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    /// Feeds `tokens` from the current position in chunks of at most `max_seq_len`
    /// (one token per call without dynamic shapes) and gives the last logits.
    ///
    /// # Errors
    /// As [`TextLlmRunner::forward`]; `InvalidArgument` for no tokens.
    pub fn prefill_tokens(&mut self, tokens: &[u32]) -> Result<Vec<f32>> {
        let mut logits = None;
        for chunk in tokens.chunks(self.chunk) {
            logits = Some(self.forward(chunk, self.pos)?);
            self.pos += chunk.len();
        }
        logits.ok_or_else(|| Error::invalid_argument("nothing to prefill"))
    }

    /// Tokenizes `prompt` (with the config's BOS and EOS ids) and prefills it, without
    /// generating (ExecuTorch's `prefill`, to rebuild a cache from a chat history).
    ///
    /// # Errors
    /// As [`TextLlmRunner::prefill_tokens`]; the tokenizer's.
    pub fn prefill(&mut self, prompt: &str, config: &GenerationConfig) -> Result<Vec<f32>> {
        let tokens = self.prompt_tokens(prompt, config)?;
        self.prefill_tokens(&tokens)
    }

    fn prompt_tokens(&self, prompt: &str, config: &GenerationConfig) -> Result<Vec<u32>> {
        let mut tokens = Vec::new();
        if config.num_bos > 0 {
            let bos = self.metadata.bos_id.ok_or_else(|| {
                Error::invalid_argument("num_bos > 0, but the program has no `get_bos_id`")
            })?;
            tokens.extend(std::iter::repeat_n(bos, config.num_bos));
        }
        tokens.extend(self.tokenizer.encode(prompt)?);
        if config.num_eos > 0 {
            let eos = *self.metadata.eos_ids.first().ok_or_else(|| {
                Error::invalid_argument("num_eos > 0, but the program has no `get_eos_ids`")
            })?;
            tokens.extend(std::iter::repeat_n(eos, config.num_eos));
        }
        Ok(tokens)
    }

    /// Generates from `prompt`: prefill, then one sampled token per decode step, each
    /// token's text given to `on_text` as soon as it is whole (the prompt first, when
    /// `config.echo`). Stops at an EOS id, after `max_new_tokens`, or when the context
    /// is full. The cache keeps the conversation: the next `generate` continues after
    /// it unless [`TextLlmRunner::reset`] is called.
    ///
    /// # Errors
    /// `InvalidArgument` for an empty prompt or one that fills the context; the
    /// method's execute errors; the tokenizer's.
    pub fn generate(
        &mut self,
        prompt: &str,
        config: &GenerationConfig,
        mut on_text: impl FnMut(&str),
    ) -> Result<Stats> {
        let t0 = Instant::now();
        let tokens = self.prompt_tokens(prompt, config)?;
        if tokens.is_empty() {
            return Err(Error::invalid_argument("the prompt has no tokens"));
        }
        let context = config.seq_len.map_or(self.metadata.max_context_len, |s| {
            s.min(self.metadata.max_context_len)
        });
        if self.pos + tokens.len() >= context {
            return Err(Error::invalid_argument(format!(
                "the prompt's {} tokens (at position {}) leave no room in the context of {context}",
                tokens.len(),
                self.pos
            )));
        }
        if config.echo {
            on_text(prompt);
        }
        let mut stats = Stats {
            prompt_tokens: tokens.len(),
            load: self.load,
            ..Stats::default()
        };
        let budget = config.resolve_max_new_tokens(context, self.pos + tokens.len());
        let mut sampler = Sampler::new(config.temperature, config.top_p, config.seed);
        let mut logits = self.prefill_tokens(&tokens)?;
        stats.prefill = t0.elapsed();
        let mut text = Detokenizer::new();
        if budget == 0 {
            return Ok(stats);
        }
        let mut token = sampler.sample(&logits) as u32;
        let mut decode_start = Instant::now();
        loop {
            stats.generated_tokens += 1;
            let piece = text.push(&self.tokenizer, token)?;
            on_text(&piece);
            if stats.generated_tokens == 1 {
                stats.time_to_first_token = t0.elapsed();
                decode_start = Instant::now();
            }
            let done = self.metadata.eos_ids.contains(&token)
                || stats.generated_tokens >= budget
                || self.pos >= context;
            if done {
                break;
            }
            logits = self.forward(&[token], self.pos)?;
            self.pos += 1;
            token = sampler.sample(&logits) as u32;
        }
        stats.decode = decode_start.elapsed();
        Ok(stats)
    }
}
