//! `plugboard._plugboard.TextLlmRunner`: the library's `llm::TextLlmRunner` for the
//! Python half (`python/plugboard/llm.py`, shaped like ExecuTorch's
//! `executorch.extension.llm.runner`).

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use plugboard::llm::{GenerationConfig, TextLlmRunner};
use pyo3::prelude::*;

use crate::{py_err, PyRuntime};

/// `GenerationConfig` as it crosses from Python: `(echo, max_new_tokens (-1: none),
/// seq_len (-1: none), temperature, top_p, seed, num_bos, num_eos)`.
type WireConfig = (bool, i64, i64, f32, f32, u64, usize, usize);

/// Generation stats as they cross into Python: `(prompt tokens, generated tokens, load
/// s, time to first token s, prefill s, decode s)`.
type WireStats = (usize, usize, f64, f64, f64, f64);

fn config(
    (echo, max_new, seq_len, temperature, top_p, seed, num_bos, num_eos): WireConfig,
) -> GenerationConfig {
    GenerationConfig {
        echo,
        max_new_tokens: usize::try_from(max_new).ok(),
        seq_len: usize::try_from(seq_len).ok(),
        temperature,
        top_p,
        seed,
        num_bos,
        num_eos,
    }
}

/// A text generation runner over a KV-cache language model program.
#[pyclass(name = "TextLlmRunner", module = "plugboard._plugboard")]
pub(crate) struct PyTextLlmRunner {
    inner: Mutex<TextLlmRunner>,
}

#[pymethods]
impl PyTextLlmRunner {
    /// Loads `model_path` (with external data `data_path`) and the `tokenizer.json` at
    /// `tokenizer_path`, with `runtime`'s components.
    #[new]
    #[pyo3(signature = (runtime, model_path, tokenizer_path, data_path=None))]
    fn new(
        py: Python<'_>,
        runtime: &PyRuntime,
        model_path: PathBuf,
        tokenizer_path: PathBuf,
        data_path: Option<PathBuf>,
    ) -> PyResult<Self> {
        let registry = runtime.snapshot();
        let runner = py
            .detach(move || {
                TextLlmRunner::load_with_data(
                    &model_path,
                    data_path.as_deref(),
                    &tokenizer_path,
                    &registry,
                )
            })
            .map_err(py_err)?;
        Ok(PyTextLlmRunner {
            inner: Mutex::new(runner),
        })
    }

    /// Generates from `prompt`, calling `token_callback(text)` for each piece of text
    /// as it is generated; returns the stats. An exception raised by the callback
    /// stops nothing and is raised once generation ends.
    #[pyo3(signature = (prompt, config, token_callback=None))]
    fn generate(
        &self,
        py: Python<'_>,
        prompt: String,
        config: WireConfig,
        token_callback: Option<Py<PyAny>>,
    ) -> PyResult<WireStats> {
        let mut runner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let mut failed: Option<PyErr> = None;
        let stats = runner
            .generate(&prompt, &self::config(config), |piece| {
                if let (Some(cb), None) = (&token_callback, &failed) {
                    if let Err(e) = cb.call1(py, (piece,)) {
                        failed = Some(e);
                    }
                }
            })
            .map_err(py_err)?;
        if let Some(e) = failed {
            return Err(e);
        }
        Ok((
            stats.prompt_tokens,
            stats.generated_tokens,
            stats.load.as_secs_f64(),
            stats.time_to_first_token.as_secs_f64(),
            stats.prefill.as_secs_f64(),
            stats.decode.as_secs_f64(),
        ))
    }

    /// Prefills `prompt` (with the config's BOS/EOS) without generating.
    fn prefill(&self, py: Python<'_>, prompt: String, config: WireConfig) -> PyResult<()> {
        let config = self::config(config);
        py.detach(|| {
            let mut runner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            runner.prefill(&prompt, &config).map(|_| ())
        })
        .map_err(py_err)
    }

    /// Starts the next generation at position 0.
    fn reset(&self) {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .reset();
    }

    /// The logits' length (`get_vocab_size`).
    fn vocab_size(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .vocab_size()
    }

    /// `(max_seq_len, max_context_len, bos id or None, eos ids)`.
    fn metadata(&self) -> (usize, usize, Option<u32>, Vec<u32>) {
        let r = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let m = r.metadata();
        (
            m.max_seq_len,
            m.max_context_len,
            m.bos_id,
            m.eos_ids.clone(),
        )
    }
}
