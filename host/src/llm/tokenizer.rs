//! Tokenizers for the generation runner: Hugging Face's `tokenizer.json` format
//! (byte-level BPE as Llama 3, Qwen and SmolLM ship it, SentencePiece-style BPE,
//! WordPiece), read by the maintained `tokenizers` crate.

use std::path::Path;

use crate::{Error, ErrorKind, Result};

/// A tokenizer loaded from a `tokenizer.json` file.
pub struct Tokenizer {
    inner: tokenizers::Tokenizer,
}

impl std::fmt::Debug for Tokenizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokenizer")
            .field("vocab_size", &self.vocab_size())
            .finish()
    }
}

impl Tokenizer {
    /// Reads `path`, a Hugging Face `tokenizer.json`.
    ///
    /// # Errors
    /// `NotFound` when the file cannot be read, `InvalidArgument` when it is not a
    /// tokenizer the `tokenizers` crate reads; both name the file.
    pub fn from_file(path: &Path) -> Result<Tokenizer> {
        let bytes = std::fs::read(path).map_err(|e| {
            Error::new(
                ErrorKind::NotFound,
                format!("cannot read the tokenizer: {e}"),
            )
            .with_file(path)
        })?;
        Self::from_bytes(&bytes).map_err(|e| e.with_file(path))
    }

    /// Parses the bytes of a `tokenizer.json`.
    ///
    /// # Errors
    /// `InvalidArgument` when they are not a tokenizer the `tokenizers` crate reads.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tokenizer> {
        let inner = tokenizers::Tokenizer::from_bytes(bytes)
            .map_err(|e| Error::invalid_argument(format!("not a tokenizer.json tokenizer: {e}")))?;
        Ok(Tokenizer { inner })
    }

    /// The number of ids, special tokens included.
    pub fn vocab_size(&self) -> usize {
        self.inner.get_vocab_size(true)
    }

    /// The id of `token` (a special token such as `<s>`), if the vocabulary has it.
    pub fn token_to_id(&self, token: &str) -> Option<u32> {
        self.inner.token_to_id(token)
    }

    /// The ids of `text` without the tokenizer's own special tokens (the runner adds
    /// BOS and EOS itself, as ExecuTorch's runner does, from [`super::GenerationConfig`]).
    ///
    /// # Errors
    /// `InvalidArgument` when the tokenizer fails on the text.
    pub fn encode(&self, text: &str) -> Result<Vec<u32>> {
        let enc = self
            .inner
            .encode(text, false)
            .map_err(|e| Error::invalid_argument(format!("cannot tokenize the prompt: {e}")))?;
        Ok(enc.get_ids().to_vec())
    }

    /// The text of `ids`, special tokens skipped.
    ///
    /// # Errors
    /// `InvalidArgument` for an id outside the vocabulary.
    pub fn decode(&self, ids: &[u32]) -> Result<String> {
        self.inner
            .decode(ids, true)
            .map_err(|e| Error::invalid_argument(format!("cannot decode ids {ids:?}: {e}")))
    }
}

/// Streaming decode: the text of each new token, given as soon as it is whole.
///
/// A byte-level token may hold part of a character; its text waits until the tokens
/// after it complete the character (decoding token by token would print replacement
/// characters). Each step decodes only a short window, the tokens since the last text
/// given out plus the ones before it that give them their context (a decoder may treat
/// the first token of a text differently, e.g. drop a SentencePiece word's leading
/// space), so a long generation costs the same per token as a short one: the scheme of
/// the `tokenizers` crate's `DecodeStream`, kept here because that type borrows the
/// tokenizer for as long as it lives, which the runner's loop cannot lend it.
#[derive(Debug, Default)]
pub struct Detokenizer {
    /// The window: `ids[..read]` were given out, `ids[..prefix]` are context only.
    ids: Vec<u32>,
    prefix: usize,
    read: usize,
}

impl Detokenizer {
    /// A detokenizer with no tokens yet.
    pub fn new() -> Detokenizer {
        Detokenizer::default()
    }

    /// Adds `id` and gives the text that became whole (possibly empty).
    ///
    /// # Errors
    /// As [`Tokenizer::decode`].
    pub fn push(&mut self, tokenizer: &Tokenizer, id: u32) -> Result<String> {
        self.ids.push(id);
        let before = tokenizer.decode(&self.ids[self.prefix..self.read])?;
        let text = tokenizer.decode(&self.ids[self.prefix..])?;
        if text.len() <= before.len() || text.ends_with('\u{FFFD}') {
            return Ok(String::new());
        }
        let Some(piece) = text.get(before.len()..) else {
            return Ok(String::new());
        };
        let piece = piece.to_string();
        // The tokens given out become the next window's context.
        self.ids.drain(..self.prefix);
        self.prefix = self.read - self.prefix;
        self.read = self.ids.len();
        Ok(piece)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Token by token, the pieces add up to the decode of the whole text.
    #[test]
    fn streamed_pieces_add_up_to_the_text() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/llm/tokenizer.json");
        let tok = Tokenizer::from_file(&path).expect("the fixture tokenizer");
        let text = "Once upon a time there was a small program. Readability counts, twice.";
        let ids = tok.encode(text).expect("encode");
        let mut stream = Detokenizer::new();
        let mut out = String::new();
        for &id in &ids {
            out += &stream.push(&tok, id).expect("push");
        }
        assert_eq!(out, tok.decode(&ids).expect("decode"));
        assert!(
            stream.ids.len() <= 3,
            "the window grew to {}",
            stream.ids.len()
        );
    }
}
