//! The shape of the source tree, checked: the folders are layers, no import circle between the
//! library's folders or files, and no source file much longer than a reader can hold.
//!
//! Every `.rs` file under `src/` (but the binary's) is a module. A file depends on another when
//! its code names an item of it: a `use` path, or a path in an expression, a type or a macro call,
//! through `crate::`, `super::`, `self::` or a child module's name. Naming an item that a parent
//! module re-exports (`pub use`) depends on the parent, so a child that imports from its parent
//! while the parent re-exports from it makes a circle: children import from the file that defines
//! an item. Test modules written inside a file count as the file's code (a test of a shared piece
//! that names the types using that piece makes a circle: those tests belong beside the types); test
//! files of their own (`#[cfg(test)] mod tests;`) may reach anywhere and are left out.
//!
//! Folders are checked as files are: inside every folder, its folders and files (each folder
//! standing for everything under it) import one another without a circle. The top-level folders
//! are the layers, in the order `lib.rs`'s `# Layout` lists them: each imports only those listed
//! before it.

mod graph;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use graph::{Module, circles, dependencies, folders, layers, library, parts, report, source_dir};

#[test]
fn no_import_circle_between_source_files() {
    let files = library();
    assert!(files.len() > 40, "only {} source files found", files.len());
    let report = report(&dependencies(&files));
    assert!(report.is_empty(), "import circles between source files:\n{report}");
}

#[test]
fn no_import_circle_between_folders() {
    let graph = dependencies(&library());
    let folders = folders(&graph);
    assert!(folders.len() > 10, "only {} folders found", folders.len());
    let mut all = String::new();
    for folder in &folders {
        let report = report(&parts(&graph, folder));
        if !report.is_empty() {
            all += &format!("in {}/:\n{report}", if folder.is_empty() { "src".to_owned() } else { folder.join("/") });
        }
    }
    assert!(all.is_empty(), "import circles between folders:\n{all}");
}

#[test]
fn each_layer_imports_only_the_layers_listed_before_it() {
    let files = library();
    let layers = layers(&files[&Vec::new()]);
    let top = parts(&dependencies(&files), &Vec::new());
    let tops: Vec<String> = top.keys().map(|m| m[0].clone()).collect();
    let mut listed = layers.clone();
    listed.sort();
    assert_eq!(listed, tops, "the # Layout of lib.rs lists each top-level folder once, as `name/`");
    let at = |layer: &str| layers.iter().position(|l| l == layer).unwrap();
    let mut upward = Vec::new();
    for (part, deps) in &top {
        for dep in deps.iter().filter(|d| at(&d[0]) > at(&part[0])) {
            upward.push(format!("{} imports {}, a layer listed after it", part[0], dep[0]));
        }
    }
    assert!(upward.is_empty(), "imports from a lower layer to a higher one: {upward:#?}");
}

/// `src/` holds the crate's roots (`lib.rs`, `main.rs`); everything else lives in a folder.
const MAX_ROOT_FILES: usize = 3;

#[test]
fn the_source_root_holds_the_crate_roots() {
    let files: Vec<String> = std::fs::read_dir(source_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(files.len() <= MAX_ROOT_FILES, "{} files at src/, more than {MAX_ROOT_FILES}: {files:?}", files.len());
}

/// The check finds the circles it is meant to find, and leaves test code and plain parent-child
/// declarations alone.
#[test]
fn the_circle_check_finds_circles() {
    let module = |path: &str| -> Module { path.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect() };
    let files: BTreeMap<Module, String> = [
        ("", "pub mod a; pub mod b; pub mod c; pub mod d;"),
        ("a", "use crate::b::Thing; pub struct Other;"),
        ("b", "pub struct Thing; fn f() -> crate::a::Other { todo!() }"),
        ("c", "pub mod inner; pub use inner::Item; #[cfg(test)] mod tests { use crate::d::X; }"),
        ("c::inner", "pub struct Item; fn g() { let _ = super::super::a::Other; }"),
        ("d", "pub struct X; #[cfg(test)] mod tests; fn h() { crate::c::inner::Item; }"),
        ("d::tests", "use crate::d::X; use crate::c::Item;"),
    ]
    .into_iter()
    .map(|(m, text)| (module(m), text.to_owned()))
    .collect();
    let graph = dependencies(&files);
    // c's inline test module counts; d's test file does not.
    assert_eq!(graph[&module("c")], BTreeSet::from([module("c::inner"), module("d")]));
    assert_eq!(graph[&module("d")], BTreeSet::from([module("c::inner")]));
    assert!(!graph.contains_key(&module("d::tests")));
    let found = circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].iter().cloned().collect::<BTreeSet<_>>(), BTreeSet::from([module("a"), module("b")]));
    // An inline test module that reaches back makes a circle.
    let mut files = files;
    files.insert(module("c::inner"), "pub struct Item; #[cfg(test)] mod tests { use crate::d::X; }".to_owned());
    let found = circles(&dependencies(&files));
    assert!(found.iter().any(|c| c.contains(&module("d")) && c.contains(&module("c::inner"))), "{found:?}");
    // A child that imports from its parent while the parent re-exports from it is a circle.
    files.insert(module("c::inner"), "use super::Item; pub struct Item2;".to_owned());
    let found = circles(&dependencies(&files));
    assert!(found.iter().any(|c| c.contains(&module("c")) && c.contains(&module("c::inner"))), "{found:?}");
}

/// Folders that import each other through different files make a circle no two files make; the
/// layers are read from the `# Layout` in order.
#[test]
fn the_folder_check_finds_circles_between_folders() {
    let module = |path: &str| -> Module { path.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect() };
    let files: BTreeMap<Module, String> = [
        ("", "pub mod low; pub mod high;"),
        ("low", "pub mod a; pub mod b;"),
        ("low::a", "pub struct A; fn f() { crate::high::d::D; }"),
        ("low::b", "pub struct B;"),
        ("high", "pub mod c; pub mod d; pub use c::C;"),
        ("high::c", "pub struct C; fn g() { crate::low::b::B; }"),
        ("high::d", "pub struct D;"),
    ]
    .into_iter()
    .map(|(m, text)| (module(m), text.to_owned()))
    .collect();
    let graph = dependencies(&files);
    assert!(circles(&graph).is_empty(), "no two files import each other");
    let top = parts(&graph, &Vec::new());
    assert_eq!(top[&module("low")], BTreeSet::from([module("high")]));
    assert_eq!(top[&module("high")], BTreeSet::from([module("low")]));
    assert_eq!(circles(&top).len(), 1);
    // Inside a folder, its own file's re-exports are not a part's imports.
    assert!(parts(&graph, &module("high")).values().all(BTreeSet::is_empty));
    assert_eq!(folders(&graph), BTreeSet::from([module(""), module("low"), module("high")]));
    let lib = "//! # Layout\n//!\n//! - `low/`: the floor.\n//! - `high/`: above it.\n//!\n//! More.\nmod low;";
    assert_eq!(layers(lib), ["low", "high"]);
}

/// Longest a source file may be: a reader holds about this much at once. Data tables are not
/// source, and live in files of their own.
const MAX_LINES: usize = 450;

#[test]
fn no_source_file_is_too_long() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    let mut stack =
        vec![root.join("src"), root.join("tests"), root.join("examples"), root.join("research"), root.join("loadtest")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for path in entries.map(|e| e.unwrap().path()) {
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let lines = std::fs::read_to_string(&path).unwrap().lines().count();
                if lines > MAX_LINES {
                    long.push(format!("{} ({lines} lines)", path.strip_prefix(root).unwrap().display()));
                }
            }
        }
    }
    long.sort();
    assert!(long.is_empty(), "source files over {MAX_LINES} lines: {long:?}");
}
