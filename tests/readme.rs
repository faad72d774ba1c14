//! The README's examples are what the service answers: every `curl ... -d '<json>'` to
//! `/recommend` or `/placement` followed by a ```json block is sent to the app, and the answer must
//! equal the block.

mod common;

use common::{app, post_text_to};
use serde_json::Value;
use sonar::http::AppState;

/// (path, request body as written, the answer the README shows) for each example: a ```sh block of plain
/// `curl -s -X POST ... -d '<json>'` lines (no pipe or redirect) followed by a ```json block of as
/// many lines, one answer a command.
fn examples() -> Vec<(String, String, Value)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let blocks = fenced_blocks(&readme);
    let mut found = Vec::new();
    for pair in blocks.windows(2) {
        let [(lang, commands), (next, answers)] = pair else { unreachable!() };
        if lang != "sh" || next != "json" || commands.len() != answers.len() {
            continue;
        }
        let calls: Option<Vec<(String, String)>> = commands.iter().map(|c| plain_post(c)).collect();
        let Some(calls) = calls else { continue };
        for ((path, body), answer) in calls.into_iter().zip(answers) {
            found.push((path, body, serde_json::from_str(answer).unwrap()));
        }
    }
    found
}

/// The fenced code blocks of a markdown text: (language, lines).
fn fenced_blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(lang)) => open = Some((lang.to_owned(), Vec::new())),
            (Some(_), Some("")) => blocks.push(open.take().unwrap()),
            (Some((_, lines)), _) => lines.push(line.to_owned()),
            (None, None) => {}
        }
    }
    blocks
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
async fn the_readmes_examples_are_the_services_answers() {
    let examples = examples();
    assert!(examples.len() >= 5, "the README's plain examples: only {} found", examples.len());
    let app = app(AppState::new()).await;
    for (path, body, shown) in examples {
        let (_, answer) = post_text_to(&app, &path, body.clone()).await;
        assert_eq!(answer, shown, "README example {path} {body}");
    }
}
