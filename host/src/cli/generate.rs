//! `plugboard generate`: text from a language-model program and its tokenizer, streamed
//! as it is generated, with ExecuTorch's runner's figures (prefill and decode tokens
//! per second, time to first token) at the end.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;
use plugboard::llm::{GenerationConfig, TextLlmRunner};

use super::RegistryArgs;

/// `plugboard generate` arguments.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The `.pte` program: a KV-cache language model (`export_llama -kv`,
    /// optimum-executorch)
    pub model: PathBuf,
    /// The tokenizer: a Hugging Face `tokenizer.json`
    #[arg(long, value_name = "tokenizer.json")]
    pub tokenizer: PathBuf,
    /// The prompt
    #[arg(long, short = 'p')]
    pub prompt: String,
    /// Most tokens to generate, the first included (default: until the context is full)
    #[arg(short = 'n', long = "max-new-tokens", value_name = "N")]
    pub max_new_tokens: Option<usize>,
    /// Most tokens in the context, prompt included (default: the model's
    /// `get_max_context_len`)
    #[arg(long, value_name = "N")]
    pub seq_len: Option<usize>,
    /// Sampling temperature; 0 is greedy (ExecuTorch's runner's default is 0.8)
    #[arg(long, default_value_t = 0.8)]
    pub temperature: f32,
    /// Nucleus sampling: sample among the most likely tokens up to this probability mass
    #[arg(long = "top-p", default_value_t = 1.0)]
    pub top_p: f32,
    /// Seed of the sampler
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// BOS ids before the prompt (the model's `get_bos_id`)
    #[arg(long, default_value_t = 1)]
    pub num_bos: usize,
    /// EOS ids after the prompt
    #[arg(long, default_value_t = 0)]
    pub num_eos: usize,
    /// Print only the generated text, not the prompt before it
    #[arg(long)]
    pub no_echo: bool,
    #[command(flatten)]
    pub registry: RegistryArgs,
}

/// Runs `args`: the text on stdout, the figures on stderr.
pub fn generate(args: GenerateArgs) -> anyhow::Result<()> {
    let registry = args.registry.registry()?;
    let mut runner = TextLlmRunner::load(&args.model, &args.tokenizer, &registry)?;
    let config = GenerationConfig {
        echo: !args.no_echo,
        max_new_tokens: args.max_new_tokens,
        seq_len: args.seq_len,
        temperature: args.temperature,
        top_p: args.top_p,
        seed: args.seed,
        num_bos: args.num_bos,
        num_eos: args.num_eos,
    };
    let mut out = std::io::stdout();
    let stats = runner.generate(&args.prompt, &config, |piece| {
        let _ = out.write_all(piece.as_bytes());
        let _ = out.flush();
    })?;
    let _ = writeln!(out);
    eprintln!(
        "prompt {} tokens, generated {} tokens; load {:.1} ms, time to first token {:.1} ms, \
         prefill {:.1} tokens/s, decode {:.1} tokens/s",
        stats.prompt_tokens,
        stats.generated_tokens,
        stats.load.as_secs_f64() * 1e3,
        stats.time_to_first_token.as_secs_f64() * 1e3,
        stats.prefill_tokens_per_second(),
        stats.decode_tokens_per_second(),
    );
    Ok(())
}
