//! Whether a newer contract version only adds to an older one of the same major: the
//! check behind `tests/contract.rs`'s frozen-folder test, on `wit-parser`'s resolved
//! packages.
//!
//! The rule (README, "Version policy"): a minor may add interfaces, types, variant,
//! enum and flags cases at the end, world imports, functions to interfaces the host
//! implements (imports), and new interfaces to a world's exports (2.1 added
//! `backend-execute-again`): the host looks an added export up only in components
//! built against that minor or a later one. Everything an older component was built
//! against keeps its shape: interfaces, functions (parameter names and types, results),
//! record fields, resources, world imports and exports. An interface a component
//! already exports gets no new functions in a minor: the host would call them on
//! components that do not have them.

use std::collections::BTreeSet;
use std::path::Path;

use wit_parser::{
    Function, Interface, PackageId, Resolve, Type, TypeDefKind, TypeOwner, WorldItem, WorldKey,
};

/// One parsed contract folder.
pub struct Contract {
    resolve: Resolve,
    package: PackageId,
}

impl Contract {
    /// Parses the `.wit` files of `dir` (one package).
    pub fn parse(dir: &Path) -> Result<Contract, String> {
        let mut resolve = Resolve::new();
        let (package, _) = resolve
            .push_dir(dir)
            .map_err(|e| format!("{}: {e:#}", dir.display()))?;
        Ok(Contract { resolve, package })
    }

    /// The package version (`1.4.0`).
    pub fn version(&self) -> Option<String> {
        let p = &self.resolve.packages[self.package];
        p.name.version.as_ref().map(|v| v.to_string())
    }

    fn interface(&self, name: &str) -> Option<&Interface> {
        let id = self.resolve.packages[self.package].interfaces.get(name)?;
        Some(&self.resolve.interfaces[*id])
    }

    /// Names of the interfaces some world of the package exports.
    fn exported(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for (_, w) in &self.resolve.packages[self.package].worlds {
            for (key, _) in &self.resolve.worlds[*w].exports {
                out.insert(self.key_name(key));
            }
        }
        out
    }

    fn key_name(&self, key: &WorldKey) -> String {
        match key {
            WorldKey::Name(n) => n.clone(),
            WorldKey::Interface(id) => self.resolve.interfaces[*id]
                .name
                .clone()
                .unwrap_or_default(),
        }
    }

    /// `ty` as text, named types by name (their shape is compared where they are
    /// defined) and anonymous ones by structure, without package versions.
    fn render(&self, ty: &Type) -> String {
        let id = match ty {
            Type::Id(id) => *id,
            other => return format!("{other:?}").to_lowercase(),
        };
        let def = &self.resolve.types[id];
        if let Some(name) = &def.name {
            let owner = match def.owner {
                TypeOwner::Interface(i) => {
                    self.resolve.interfaces[i].name.clone().unwrap_or_default()
                }
                TypeOwner::World(w) => self.resolve.worlds[w].name.clone(),
                TypeOwner::None => String::new(),
            };
            return format!("{owner}.{name}");
        }
        let r = |t: &Type| self.render(t);
        let ro = |t: &Option<Type>| t.as_ref().map_or("_".to_string(), |t| self.render(t));
        match &def.kind {
            TypeDefKind::List(t) => format!("list<{}>", r(t)),
            TypeDefKind::Option(t) => format!("option<{}>", r(t)),
            TypeDefKind::Result(res) => format!("result<{}, {}>", ro(&res.ok), ro(&res.err)),
            TypeDefKind::Tuple(t) => {
                format!(
                    "tuple<{}>",
                    t.types.iter().map(r).collect::<Vec<_>>().join(", ")
                )
            }
            TypeDefKind::Handle(wit_parser::Handle::Own(t)) => format!("own<{}>", r(&Type::Id(*t))),
            TypeDefKind::Handle(wit_parser::Handle::Borrow(t)) => {
                format!("borrow<{}>", r(&Type::Id(*t)))
            }
            TypeDefKind::Map(k, v) => format!("map<{}, {}>", r(k), r(v)),
            TypeDefKind::FixedLengthList(t, n) => format!("list<{}, {n}>", r(t)),
            TypeDefKind::Future(t) => format!("future<{}>", ro(t)),
            TypeDefKind::Stream(t) => format!("stream<{}>", ro(t)),
            TypeDefKind::Type(t) => r(t),
            other => format!("{other:?}"),
        }
    }

    /// A named type's shape: its cases or fields, each rendered.
    fn shape(&self, id: wit_parser::TypeId) -> (&'static str, Vec<String>) {
        let ro = |t: &Option<Type>| {
            t.as_ref()
                .map_or(String::new(), |t| format!("({})", self.render(t)))
        };
        match &self.resolve.types[id].kind {
            TypeDefKind::Record(r) => (
                "record",
                r.fields
                    .iter()
                    .map(|f| format!("{}: {}", f.name, self.render(&f.ty)))
                    .collect(),
            ),
            TypeDefKind::Variant(v) => (
                "variant",
                v.cases
                    .iter()
                    .map(|c| format!("{}{}", c.name, ro(&c.ty)))
                    .collect(),
            ),
            TypeDefKind::Enum(e) => ("enum", e.cases.iter().map(|c| c.name.clone()).collect()),
            TypeDefKind::Flags(f) => ("flags", f.flags.iter().map(|c| c.name.clone()).collect()),
            TypeDefKind::Resource => ("resource", Vec::new()),
            _ => ("type", vec![self.render(&Type::Id(id))]),
        }
    }

    fn signature(&self, f: &Function) -> String {
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| format!("{}: {}", p.name, self.render(&p.ty)))
            .collect();
        let result = f
            .result
            .as_ref()
            .map(|t| format!(" -> {}", self.render(t)))
            .unwrap_or_default();
        format!("func({}){result}", params.join(", "))
    }
}

/// What `newer` changed or removed of `older` (empty when it only adds), one line per
/// item, each naming it (`interface kernels, function alloc: ...`).
pub fn violations(older: &Contract, newer: &Contract) -> Vec<String> {
    let mut out = Vec::new();
    let exported = older.exported();
    for (name, id) in &older.resolve.packages[older.package].interfaces {
        let old = &older.resolve.interfaces[*id];
        let Some(new) = newer.interface(name) else {
            out.push(format!("interface {name}: removed"));
            continue;
        };
        for (fname, f) in &old.functions {
            match new.functions.get(fname) {
                None => out.push(format!("interface {name}, function {fname}: removed")),
                Some(g) => {
                    let (a, b) = (older.signature(f), newer.signature(g));
                    if a != b {
                        out.push(format!(
                            "interface {name}, function {fname}: {a} became {b}"
                        ));
                    }
                }
            }
        }
        if exported.contains(name) {
            for fname in new
                .functions
                .keys()
                .filter(|f| !old.functions.contains_key(*f))
            {
                out.push(format!(
                    "interface {name}, function {fname}: added to an interface components export (the host would call it on components that lack it; add a new interface)"
                ));
            }
        }
        for (tname, tid) in &old.types {
            let Some(nid) = new.types.get(tname) else {
                out.push(format!("interface {name}, type {tname}: removed"));
                continue;
            };
            let ((ka, a), (kb, b)) = (older.shape(*tid), newer.shape(*nid));
            let appendable = matches!(ka, "variant" | "enum" | "flags");
            let kept = ka == kb
                && if appendable {
                    b.starts_with(&a)
                } else {
                    a == b
                };
            if !kept {
                out.push(format!(
                    "interface {name}, {ka} {tname}: {{{}}} became {kb} {{{}}}",
                    a.join(", "),
                    b.join(", ")
                ));
            }
        }
    }
    for (wname, wid) in &older.resolve.packages[older.package].worlds {
        let Some(nid) = newer.resolve.packages[newer.package].worlds.get(wname) else {
            out.push(format!("world {wname}: removed"));
            continue;
        };
        let (old, new) = (&older.resolve.worlds[*wid], &newer.resolve.worlds[*nid]);
        let names = |c: &Contract, items: &wit_parser::IndexMap<WorldKey, WorldItem>| {
            items.keys().map(|k| c.key_name(k)).collect::<BTreeSet<_>>()
        };
        let (oi, ni) = (names(older, &old.imports), names(newer, &new.imports));
        for gone in oi.difference(&ni) {
            out.push(format!("world {wname}, import {gone}: removed"));
        }
        let (oe, ne) = (names(older, &old.exports), names(newer, &new.exports));
        for gone in oe.difference(&ne) {
            out.push(format!("world {wname}, export {gone}: removed"));
        }
    }
    out
}
