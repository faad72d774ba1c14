//! The library's module graph, read from its source: the modules, what each depends on, the
//! circles of a graph, and the parts of a folder.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module: its path from the crate root (`[]` for `lib.rs`).
pub type Module = Vec<String>;

/// Every module file of the library, by module path (files of the binary left out).
fn library_files(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "bin") {
                    stack.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            match module.last().map(String::as_str) {
                Some("lib") if module.len() == 1 => module.clear(),
                Some("mod") => {
                    module.pop();
                }
                _ => {}
            }
            // The binary's files: `main.rs`, and the modules `lib.rs` does not declare (`cli/`).
            if module.first().is_some_and(|top| top == "main" || !declares(src, top)) {
                continue;
            }
            files.insert(module, path);
        }
    }
    files
}

/// Whether `lib.rs` declares a top-level module of this name (a file of that name that it does
/// not declare belongs to the binary).
fn declares(src: &Path, name: &str) -> bool {
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let file = syn::parse_file(&lib).unwrap();
    file.items.iter().any(|item| matches!(item, syn::Item::Mod(m) if m.ident == name))
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .any(|a| a.path().is_ident("cfg") && a.parse_args::<syn::Meta>().is_ok_and(|m| m.path().is_ident("test")))
}

/// The paths a file's non-test code names, each with the inline module it appears in (relative
/// to the file's module).
#[derive(Default)]
struct Paths {
    inline: Vec<String>,
    found: Vec<(Vec<String>, Vec<String>)>,
    /// Child modules declared `#[cfg(test)] mod name;`: test-only files.
    test_children: Vec<String>,
}

impl Paths {
    fn push(&mut self, segments: Vec<String>) {
        self.found.push((self.inline.clone(), segments));
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut path = prefix.clone();
                if n.ident != "self" {
                    path.push(n.ident.to_string());
                }
                self.push(path);
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                path.push(r.ident.to_string());
                self.push(path);
            }
            syn::UseTree::Glob(_) => self.push(prefix.clone()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            syn::Item::Trait(t) => &t.attrs,
            syn::Item::Macro(m) => &m.attrs,
            _ => &Vec::new(),
        };
        if is_test(attrs)
            && let syn::Item::Mod(m) = item
            && m.content.is_none()
        {
            self.test_children.push(m.ident.to_string());
            return;
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if m.content.is_some() {
            self.inline.push(m.ident.to_string());
            syn::visit::visit_item_mod(self, m);
            self.inline.pop();
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            self.push(path.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, path);
    }
}

/// The module graph: for each module, the other library modules its non-test code depends on.
pub fn dependencies(files: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut parsed = BTreeMap::new();
    let mut test_only = BTreeSet::new();
    for (module, text) in files {
        let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{module:?}: {e}"));
        let mut paths = Paths::default();
        paths.visit_file(&file);
        for child in &paths.test_children {
            test_only.insert([module.clone(), vec![child.clone()]].concat());
        }
        parsed.insert(module.clone(), paths.found);
    }
    let known = |m: &Module| files.contains_key(m) && !test_only.iter().any(|t| m.starts_with(t));
    let mut graph = BTreeMap::new();
    for (module, found) in parsed.into_iter().filter(|(m, _)| known(m)) {
        let mut deps = BTreeSet::new();
        for (inline, segments) in found {
            let here: Module = [module.clone(), inline].concat();
            let (mut base, rest): (Module, &[String]) = match segments[0].as_str() {
                "crate" => (Vec::new(), &segments[1..]),
                "self" => (here.clone(), &segments[1..]),
                "super" => {
                    let supers = segments.iter().take_while(|s| *s == "super").count();
                    (here[..here.len().saturating_sub(supers)].to_vec(), &segments[supers..])
                }
                first if known(&[here.clone(), vec![first.to_owned()]].concat()) => (here.clone(), &segments[..]),
                _ => continue,
            };
            // The longest module prefix of the path: an item named through it lives in that file.
            for segment in rest {
                base.push(segment.clone());
                if !files.contains_key(&base) {
                    base.pop();
                    break;
                }
            }
            while !files.contains_key(&base) {
                base.pop();
            }
            if base != module && known(&base) {
                deps.insert(base);
            }
        }
        graph.insert(module, deps);
    }
    graph
}

/// The circles of a graph: its strongly connected components of more than one module (Tarjan).
pub fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Search<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in &self.graph[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().rposition(|m| *m == v).unwrap();
                let component: Vec<Module> = self.stack.drain(at..).cloned().collect();
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut search =
        Search { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in graph.keys() {
        if !search.index.contains_key(v) {
            search.visit(v);
        }
    }
    search.found
}

/// The graph between the parts of one folder (the module `folder`): each part is one of its
/// children, a file or a folder standing for everything under it, and a part depends on another
/// when a module under it depends on a module under the other. The folder's own file (`mod.rs`,
/// `lib.rs`) is its face, not a part: declaring and re-exporting its children is what it is for.
pub fn parts(graph: &BTreeMap<Module, BTreeSet<Module>>, folder: &Module) -> BTreeMap<Module, BTreeSet<Module>> {
    let part = |m: &Module| (m.len() > folder.len() && m.starts_with(folder)).then(|| m[..=folder.len()].to_vec());
    let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, deps) in graph {
        let Some(a) = part(from) else { continue };
        let others: Vec<Module> = deps.iter().filter_map(part).filter(|b| *b != a).collect();
        out.entry(a).or_default().extend(others);
    }
    out
}

/// Every folder of the library, the crate root first: the modules with modules under them.
pub fn folders(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeSet<Module> {
    graph.keys().flat_map(|m| (0..m.len()).map(|n| m[..n].to_vec())).collect()
}

/// The circles of a graph, each with the edges that close it, as a report (empty: none).
pub fn report(graph: &BTreeMap<Module, BTreeSet<Module>>) -> String {
    let mut report = String::new();
    for circle in circles(graph) {
        report += &format!("circle: {}\n", circle.iter().map(name).collect::<Vec<_>>().join(", "));
        for from in &circle {
            for to in graph[from].iter().filter(|to| circle.contains(to)) {
                report += &format!("    {} -> {}\n", name(from), name(to));
            }
        }
    }
    report
}

/// The layers, in the order the `# Layout` of `lib.rs` lists them: its lines `//! - `name/`: ...`.
pub fn layers(lib: &str) -> Vec<String> {
    lib.lines()
        .map_while(|l| l.strip_prefix("//!"))
        .filter_map(|l| l.trim_start().strip_prefix("- `")?.split_once("/`"))
        .map(|(layer, _)| layer.to_owned())
        .collect()
}

pub fn library() -> BTreeMap<Module, String> {
    library_files(&source_dir()).into_iter().map(|(m, path)| (m, std::fs::read_to_string(path).unwrap())).collect()
}

fn name(module: &Module) -> String {
    if module.is_empty() { "lib".to_owned() } else { module.join("::") }
}

pub fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}
