//! A component's own description: the registry-metadata custom sections (`version`,
//! `description`, `authors`, `licenses`, `source`, `homepage`, `revision`: the sections
//! `wasm-tools metadata add` writes and `wasm-tools metadata show` reads, each UTF-8
//! text) and plugboard's `plugboard-component` section (`name=`, `contract=`, `sdk=`
//! lines), which `plugboard-sdk`'s export macros embed from the component's
//! `Cargo.toml`.
//!
//! Sections of the component itself (top level) win over those of the core modules
//! inside it, which is where a Rust component built with the SDK carries them. Read
//! with `wasmparser` rather than the `wasm-metadata` crate: that crate reads these
//! fields only with its `oci` feature, which brings `spdx`, `flate2`, `url` and
//! `auditable-serde` into the host for what are plain strings.

/// What a component says about itself; every field is optional and empty text is
/// `None`. Nothing here is trusted: the contract version the host serves comes from
/// the component's import and export names, and its identity from its SHA-256.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ComponentMetadata {
    /// Its name (the crate name, for SDK components).
    pub name: Option<String>,
    /// Its own version (not the contract's).
    pub version: Option<String>,
    /// One line about what it is.
    pub description: Option<String>,
    /// Who wrote it (Cargo's `authors`, `:`-separated, are shown `, `-separated).
    pub authors: Option<String>,
    /// SPDX license expression.
    pub licenses: Option<String>,
    /// Where its source lives.
    pub source: Option<String>,
    /// Its homepage.
    pub homepage: Option<String>,
    /// The source revision it was built from.
    pub revision: Option<String>,
    /// The contract version it says it was built against (`contract=`).
    pub contract: Option<String>,
    /// The `plugboard-sdk` version it was built with (`sdk=`).
    pub sdk: Option<String>,
}

impl ComponentMetadata {
    /// Reads the metadata of the component (or module) in `bytes`; whatever does not
    /// parse is left out.
    pub fn read(bytes: &[u8]) -> ComponentMetadata {
        let mut top = ComponentMetadata::default();
        let mut inner = ComponentMetadata::default();
        let mut depth = 0usize;
        for payload in wasmparser::Parser::new(0).parse_all(bytes) {
            let Ok(payload) = payload else { break };
            match payload {
                wasmparser::Payload::Version { .. } => depth += 1,
                wasmparser::Payload::End(_) => depth = depth.saturating_sub(1),
                wasmparser::Payload::CustomSection(c) => {
                    let Ok(text) = std::str::from_utf8(c.data()) else {
                        continue;
                    };
                    let m = if depth <= 1 { &mut top } else { &mut inner };
                    m.set(c.name(), text);
                }
                _ => {}
            }
        }
        top.or(inner)
    }

    fn set(&mut self, section: &str, text: &str) {
        let text = text.trim();
        let value = || (!text.is_empty()).then(|| text.to_string());
        let field = match section {
            "version" => &mut self.version,
            "description" => &mut self.description,
            "authors" => {
                self.authors =
                    value().map(|a| a.split(':').map(str::trim).collect::<Vec<_>>().join(", "));
                return;
            }
            "licenses" => &mut self.licenses,
            "source" => &mut self.source,
            "homepage" => &mut self.homepage,
            "revision" => &mut self.revision,
            "plugboard-component" => {
                for line in text.lines() {
                    let Some((k, v)) = line.split_once('=') else {
                        continue;
                    };
                    let v = (!v.trim().is_empty()).then(|| v.trim().to_string());
                    match k.trim() {
                        "name" => self.name = v,
                        "contract" => self.contract = v,
                        "sdk" => self.sdk = v,
                        _ => {}
                    }
                }
                return;
            }
            _ => return,
        };
        *field = value();
    }

    /// Each field of `self`, or `other`'s where `self` has none.
    fn or(self, other: ComponentMetadata) -> ComponentMetadata {
        ComponentMetadata {
            name: self.name.or(other.name),
            version: self.version.or(other.version),
            description: self.description.or(other.description),
            authors: self.authors.or(other.authors),
            licenses: self.licenses.or(other.licenses),
            source: self.source.or(other.source),
            homepage: self.homepage.or(other.homepage),
            revision: self.revision.or(other.revision),
            contract: self.contract.or(other.contract),
            sdk: self.sdk.or(other.sdk),
        }
    }

    /// `(label, value)` of each field that is set, in display order.
    pub fn fields(&self) -> Vec<(&'static str, &str)> {
        [
            ("name", &self.name),
            ("version", &self.version),
            ("description", &self.description),
            ("authors", &self.authors),
            ("license", &self.licenses),
            ("source", &self.source),
            ("homepage", &self.homepage),
            ("revision", &self.revision),
            ("built against", &self.contract),
            ("sdk", &self.sdk),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.as_deref().map(|v| (k, v)))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with custom sections `(name, text)`.
    fn module(sections: &[(&str, &str)]) -> Vec<u8> {
        let mut m = wasm_encoder::Module::new();
        for (name, text) in sections {
            m.section(&wasm_encoder::CustomSection {
                name: (*name).into(),
                data: text.as_bytes().into(),
            });
        }
        m.finish()
    }

    #[test]
    fn reads_registry_and_plugboard_sections() {
        let bytes = module(&[
            ("version", "0.3.1"),
            ("description", ""),
            ("authors", "Ada:Grace"),
            (
                "plugboard-component",
                "name=my-backend\ncontract=1.4.0\nsdk=0.1.0\n",
            ),
        ]);
        let m = ComponentMetadata::read(&bytes);
        assert_eq!(m.version.as_deref(), Some("0.3.1"));
        assert_eq!(m.description, None);
        assert_eq!(m.authors.as_deref(), Some("Ada, Grace"));
        assert_eq!(m.name.as_deref(), Some("my-backend"));
        assert_eq!(m.contract.as_deref(), Some("1.4.0"));
        assert_eq!(
            ComponentMetadata::read(b"not wasm"),
            ComponentMetadata::default()
        );
    }
}
