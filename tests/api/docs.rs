//! The documentation says what the service does. The README, CONTRIBUTING.md, every guide under
//! `docs/` and every decision record are read as markdown (pulldown-cmark), and:
//!
//! - every plain `curl -s -X POST http://127.0.0.1:8080/PATH ... -d '<json>'` example followed by
//!   a ```json block is sent to the app, and the answer must equal the block;
//! - every such request piped into `jq -c '<filter>'` (or `jq -r`) and followed by a ```json or
//!   ```text block is sent to the app, the filter is run on the answer by jaq, a jq written in Rust,
//!   and what it prints must be the block's lines;
//! - no `curl` line to the service in a ```sh block is left unchecked;
//! - every relative link and image points at a file that exists, and at a heading of it that
//!   exists;
//! - the README stays a front door: at most 300 lines.

use std::path::{Path, PathBuf};

use crate::helpers::{app, post_text_to};
use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars, data, unwrap_valr};
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use serde_json::Value;
use sonar::http::AppState;

/// The README's length at most: the rest belongs in a guide.
const README_LINES: usize = 300;

/// Plain examples the documents hold at least, so that a parser that finds none fails: the README's
/// two, in docs/api.md the 13 requests of the game played turn by turn, the level out of range, the
/// two problems the rules add, three of the errors, the opponent model's echo and its five
/// refusals, in docs/computer-player.md the impossible placement.
const EXAMPLES_AT_LEAST: usize = 28;

/// Requests piped into jq the documents hold at least: in docs/api.md the hint and the no-touch
/// salvo's two, in docs/computer-player.md the placement.
const JQ_EXAMPLES_AT_LEAST: usize = 4;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, CONTRIBUTING.md, the research crate's README, docs/*.md and the decision records.
fn documents() -> Vec<PathBuf> {
    let markdown = |dir: &str| {
        let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
            .collect();
        docs.sort();
        docs
    };
    let mut all = vec![root().join("README.md"), root().join("CONTRIBUTING.md"), root().join("research/README.md")];
    all.extend(markdown("docs"));
    all.extend(markdown("docs/decisions"));
    all
}

/// A document's path from the repository's root.
fn shown(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// What one markdown document holds that the tests check.
#[derive(Default)]
struct Document {
    /// Fenced code blocks: (language, text).
    blocks: Vec<(String, String)>,
    /// Link and image destinations.
    links: Vec<String>,
    /// The anchors of its headings, as GitHub makes them.
    anchors: Vec<String>,
}

fn read(path: &Path) -> Document {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut doc = Document::default();
    let mut block: Option<(String, String)> = None;
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(&text, pulldown_cmark::Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) => {
                block = Some((lang.to_string(), String::new()));
            }
            Event::End(TagEnd::CodeBlock) => doc.blocks.extend(block.take()),
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => doc.anchors.push(anchor(&heading.take().unwrap())),
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                doc.links.push(dest_url.to_string());
            }
            Event::Text(text) | Event::Code(text) => {
                if let Some((_, body)) = &mut block {
                    body.push_str(&text);
                }
                if let Some(title) = &mut heading {
                    title.push_str(&text);
                }
            }
            _ => {}
        }
    }
    doc
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other punctuation dropped.
fn anchor(title: &str) -> String {
    title
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A request to the service as an example writes it.
struct Call {
    path: String,
    body: String,
}

/// A request piped into jq: `jq -c 'FILTER'` prints every output as one line of JSON, `jq -r`
/// prints strings as they are.
struct Piped {
    call: Call,
    filter: String,
    raw: bool,
}

/// What the documents' ```sh blocks hold that talks to the service.
#[derive(Default)]
struct Examples {
    /// (document, request, the answer shown): plain requests followed by a ```json block of as many
    /// lines, one answer a request.
    plain: Vec<(String, Call, Value)>,
    /// (document, requests, the lines shown): requests piped into jq followed by a ```json or
    /// ```text block of what jq prints for all of them, in order.
    piped: Vec<(String, Vec<Piped>, Vec<String>)>,
    /// `curl` lines to the service that neither form reads: each one a failure.
    unchecked: Vec<String>,
}

fn examples() -> Examples {
    let mut found = Examples::default();
    for path in documents() {
        let name = shown(&path);
        let doc = read(&path);
        for (i, (lang, commands)) in doc.blocks.iter().enumerate() {
            if lang != "sh" {
                continue;
            }
            let commands: Vec<&str> = commands.lines().collect();
            let (next, shown_text) = doc.blocks.get(i + 1).map_or(("", ""), |(l, t)| (l.as_str(), t.as_str()));
            let shown_lines: Vec<&str> = shown_text.lines().collect();
            let plain: Option<Vec<Call>> = commands.iter().map(|c| plain_post(c)).collect();
            let piped: Option<Vec<Piped>> = commands.iter().map(|c| piped_post(c)).collect();
            match (plain, piped) {
                (Some(calls), _) if next == "json" && calls.len() == shown_lines.len() => {
                    for (call, answer) in calls.into_iter().zip(shown_lines) {
                        let answer = serde_json::from_str(answer)
                            .unwrap_or_else(|e| panic!("{name}: the answer to {} is not JSON: {e}", call.body));
                        found.plain.push((name.clone(), call, answer));
                    }
                }
                (_, Some(calls)) if !calls.is_empty() && (next == "json" || next == "text") => {
                    let shown_lines = shown_lines.into_iter().map(str::to_owned).collect();
                    found.piped.push((name.clone(), calls, shown_lines));
                }
                _ => found.unchecked.extend(
                    commands
                        .iter()
                        .filter(|c| c.starts_with("curl") && c.contains("127.0.0.1:8080"))
                        .map(|c| format!("{name}: {c}")),
                ),
            }
        }
    }
    found
}

/// `curl -s -X POST http://127.0.0.1:8080PATH ... -d 'BODY'` with nothing after the body.
fn plain_post(line: &str) -> Option<Call> {
    let rest = line.strip_prefix("curl -s -X POST http://127.0.0.1:8080")?;
    let path = rest.split_whitespace().next()?.to_owned();
    let body = rest.split("-d '").nth(1)?.strip_suffix('\'')?;
    serde_json::from_str::<Value>(body).ok()?;
    Some(Call { path, body: body.to_owned() })
}

/// A plain request piped into `jq -c 'FILTER'`, `jq -r 'FILTER'` or `jq -rc 'FILTER'`.
fn piped_post(line: &str) -> Option<Piped> {
    let (curl, jq) = line.split_once(" | jq ")?;
    let call = plain_post(curl)?;
    let (flags, filter) = jq.split_once(" '")?;
    let raw = match flags {
        "-c" => false,
        "-r" | "-rc" | "-cr" => true,
        _ => return None,
    };
    let filter = filter.strip_suffix('\'')?.to_owned();
    Some(Piped { call, filter, raw })
}

/// What `jq -c FILTER` (or with `raw`, `jq -rc`) prints for `input`, a line an output, run by jaq
/// with jq's standard library.
fn jq(filter: &str, input: &Value, raw: bool) -> Result<Vec<String>, String> {
    let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs());
    let funs = jaq_core::funs().chain(jaq_std::funs()).chain(jaq_json::funs());
    let arena = Arena::default();
    let modules = Loader::new(defs)
        .load(&arena, File { code: filter, path: () })
        .map_err(|e| format!("jq cannot read {filter}: {e:?}"))?;
    let compiled = Compiler::default()
        .with_funs(funs)
        .compile(modules)
        .map_err(|e| format!("jq cannot compile {filter}: {e:?}"))?;
    let input = jaq_json::read::parse_single(input.to_string().as_bytes()).map_err(|e| e.to_string())?;
    let ctx = Ctx::<data::JustLut<jaq_json::Val>>::new(&compiled.lut, Vars::new([]));
    compiled
        .id
        .run((ctx, input))
        .map(|out| {
            let out = unwrap_valr(out).map_err(|e| format!("{filter}: {e:?}"))?;
            let text = out.to_string();
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::String(s)) if raw => Ok(s),
                _ => Ok(text),
            }
        })
        .collect()
}

/// Whether a line jq printed is the line shown: the same text, or the same JSON with numbers
/// compared by value (jq prints `0` where jaq prints `0.0`; the key order of objects aside).
fn same_line(printed: &str, shown: &str) -> bool {
    if printed == shown {
        return true;
    }
    match (serde_json::from_str::<Value>(printed), serde_json::from_str::<Value>(shown)) {
        (Ok(a), Ok(b)) => same_json(&a, &b),
        _ => false,
    }
}

fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        // Integers exactly (a seed needs 64 bits), any other number by its value.
        (Value::Number(x), Value::Number(y)) => match (x.as_i128(), y.as_i128()) {
            (Some(x), Some(y)) => x == y,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

#[actix_web::test]
async fn the_documents_examples_are_the_services_answers() {
    let examples = examples().plain;
    assert!(
        examples.len() >= EXAMPLES_AT_LEAST,
        "the documents' plain examples: only {} found, expected at least {EXAMPLES_AT_LEAST}",
        examples.len()
    );
    assert!(examples.iter().filter(|(doc, ..)| doc == "README.md").count() >= 2, "the README's two examples are gone");
    let app = app(AppState::new()).await;
    for (doc, call, shown_answer) in examples {
        let (_, answer) = post_text_to(&app, &call.path, call.body.clone()).await;
        assert_eq!(answer, shown_answer, "{doc}: example {} {}", call.path, call.body);
    }
}

#[actix_web::test]
async fn the_documents_jq_examples_print_what_is_shown() {
    let examples = examples().piped;
    let calls = examples.iter().map(|(_, calls, _)| calls.len()).sum::<usize>();
    assert!(
        calls >= JQ_EXAMPLES_AT_LEAST,
        "the documents' requests piped into jq: only {calls} found, expected at least {JQ_EXAMPLES_AT_LEAST}"
    );
    let app = app(AppState::new()).await;
    for (doc, calls, shown_lines) in examples {
        let mut printed = Vec::new();
        for Piped { call, filter, raw } in &calls {
            let (_, answer) = post_text_to(&app, &call.path, call.body.clone()).await;
            printed.extend(jq(filter, &answer, *raw).unwrap_or_else(|e| panic!("{doc}: {e}")));
        }
        let same = printed.len() == shown_lines.len() && printed.iter().zip(&shown_lines).all(|(p, s)| same_line(p, s));
        let filters: Vec<&str> = calls.iter().map(|c| c.filter.as_str()).collect();
        assert!(
            same,
            "{doc}: the example piped into jq {filters:?} prints\n{}\nnot the lines shown\n{}",
            printed.join("\n"),
            shown_lines.join("\n")
        );
    }
}

#[test]
fn every_request_to_the_service_in_the_documents_is_checked() {
    let unchecked = examples().unchecked;
    assert!(
        unchecked.is_empty(),
        "requests to the service that the docs test does not check: write each as a plain example \
         followed by its ```json answers, or piped into `jq -c '...'` (or `jq -r`) followed by what jq \
         prints:\n{}",
        unchecked.join("\n")
    );
}

#[test]
fn the_jq_check_tells_a_wrong_output() {
    let answer = serde_json::json!({"shot": {"label": "C5"}, "grid": [[0.0, 0.25]], "seed": 7});
    assert_eq!(jq("{shot: .shot.label, seed}", &answer, false).unwrap(), [r#"{"shot":"C5","seed":7}"#]);
    assert_eq!(jq(".shot.label", &answer, true).unwrap(), ["C5"]);
    let rounded = jq(".grid[] | map(. * 10 | round / 10)", &answer, false).unwrap();
    assert!(same_line(&rounded[0], "[0,0.3]"), "{rounded:?}");
    assert!(!same_line(&rounded[0], "[0,0.2]"));
    assert!(!same_line(r#"{"shot":"C5"}"#, r#"{"shot":"C6"}"#));
    assert!(!same_line("[18446744073709551615]", "[18446744073709551614]"));
    assert!(jq("{shot", &answer, false).is_err());
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= README_LINES, "README.md has {lines} lines; move the detail into a guide under docs/");
}

#[test]
fn relative_links_point_at_files_and_headings_that_exist() {
    let mut broken = Vec::new();
    for path in documents() {
        let doc = read(&path);
        for link in &doc.links {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
            let target = if file.is_empty() { path.clone() } else { path.parent().unwrap().join(file) };
            if !target.exists() {
                broken.push(format!("{}: {link}: no such file", shown(&path)));
                continue;
            }
            if fragment.is_empty() {
                continue;
            }
            let is_markdown = target.extension().is_some_and(|ext| ext == "md");
            if !is_markdown || !read(&target).anchors.iter().any(|a| a == fragment) {
                broken.push(format!("{}: {link}: no such heading", shown(&path)));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}
