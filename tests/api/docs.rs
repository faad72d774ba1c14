//! The documentation says what the service does. The README, CONTRIBUTING.md and every guide under
//! `docs/` are read as markdown (pulldown-cmark), and:
//!
//! - every plain `curl -s -X POST http://127.0.0.1:8080/PATH ... -d '<json>'` example followed by
//!   a ```json block is sent to the app, and the answer must equal the block;
//! - every relative link and image points at a file that exists, and at a heading of it that
//!   exists;
//! - the README stays a front door: at most 300 lines.

use std::path::{Path, PathBuf};

use crate::helpers::{app, post_text_to};
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

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, CONTRIBUTING.md and docs/*.md.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    let mut all = vec![root().join("README.md"), root().join("CONTRIBUTING.md")];
    all.append(&mut docs);
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

/// (document, path, request body as written, the answer shown) for each example: a ```sh block of
/// plain `curl -s -X POST ... -d '<json>'` lines (no pipe or redirect) followed by a ```json block
/// of as many lines, one answer a command.
fn examples() -> Vec<(String, String, String, Value)> {
    let mut found = Vec::new();
    for path in documents() {
        let name = shown(&path);
        let doc = read(&path);
        for pair in doc.blocks.windows(2) {
            let [(lang, commands), (next, answers)] = pair else { unreachable!() };
            let commands: Vec<&str> = commands.lines().collect();
            let answers: Vec<&str> = answers.lines().collect();
            if lang != "sh" || next != "json" || commands.len() != answers.len() {
                continue;
            }
            let calls: Option<Vec<(String, String)>> = commands.iter().map(|c| plain_post(c)).collect();
            let Some(calls) = calls else { continue };
            for ((call_path, body), answer) in calls.into_iter().zip(answers) {
                let answer = serde_json::from_str(answer)
                    .unwrap_or_else(|e| panic!("{name}: the answer to {body} is not JSON: {e}"));
                found.push((name.clone(), call_path, body, answer));
            }
        }
    }
    found
}

/// `curl -s -X POST http://127.0.0.1:8080PATH ... -d 'BODY'` with nothing after the body.
fn plain_post(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("curl -s -X POST http://127.0.0.1:8080")?;
    let path = rest.split_whitespace().next()?.to_owned();
    let body = rest.split("-d '").nth(1)?.strip_suffix('\'')?;
    serde_json::from_str::<Value>(body).ok()?;
    Some((path, body.to_owned()))
}

#[actix_web::test]
async fn the_documents_examples_are_the_services_answers() {
    let examples = examples();
    assert!(
        examples.len() >= EXAMPLES_AT_LEAST,
        "the documents' plain examples: only {} found, expected at least {EXAMPLES_AT_LEAST}",
        examples.len()
    );
    assert!(examples.iter().filter(|(doc, ..)| doc == "README.md").count() >= 2, "the README's two examples are gone");
    let app = app(AppState::new()).await;
    for (doc, path, body, shown_answer) in examples {
        let (_, answer) = post_text_to(&app, &path, body.clone()).await;
        assert_eq!(answer, shown_answer, "{doc}: example {path} {body}");
    }
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
