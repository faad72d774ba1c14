// A whole game played as a game backend plays it, against the running service: the computer's
// fleet from POST /placement, the player's habits fitted from their past fleets by POST /opponent,
// then one POST /recommend per computer turn with the game's history under the `sunk` rule (a
// sinking names the ship, never its cells), the test refereeing against a fleet it hid itself.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SonarProblem, unwrap, type Schemas } from "../src/index.js";
import { sonar } from "./server.js";

const ROWS = 10;
const COLS = 10;
const SHIPS = [5, 4, 3, 3, 2];
const NAMES = ["carrier", "battleship", "cruiser", "submarine", "destroyer"];

/** A fleet laid out by the service, checked against the board it drew. */
async function placeFleet(seed: number): Promise<Schemas["PlacementResponse"]> {
    const placed = unwrap(await sonar.POST("/placement", { body: { ships: SHIPS, rows: ROWS, cols: COLS, seed } }));
    assert.equal(placed.board.length, ROWS);
    for (const line of placed.board) {
        assert.equal(line.length, COLS);
    }
    assert.deepEqual(
        placed.ships.map((ship) => ship.length),
        SHIPS,
    );
    for (const ship of placed.ships) {
        assert.equal(ship.cells.length, ship.length);
        for (const cell of ship.cells) {
            assert.equal(placed.board[cell.row]?.[cell.col], ship.letter);
        }
    }
    return placed;
}

/** The defender's side: answers each shot under the `sunk` rule. */
class Referee {
    private readonly shipAt = new Map<string, number>();
    private readonly hitsLeft: number[];

    constructor(hidden: Schemas["PlacementResponse"]) {
        hidden.ships.forEach((ship, index) => {
            for (const cell of ship.cells) {
                this.shipAt.set(cell.label, index);
            }
        });
        this.hitsLeft = hidden.ships.map((ship) => ship.length);
    }

    get afloat(): number {
        return this.hitsLeft.filter((left) => left > 0).length;
    }

    answer(label: string): Schemas["HistoryShot"] {
        const index = this.shipAt.get(label);
        if (index === undefined) {
            return { cell: label, result: "miss" };
        }
        const left = (this.hitsLeft[index] ?? 0) - 1;
        this.hitsLeft[index] = left;
        return left === 0 ? { cell: label, result: "sunk", ship: NAMES[index] ?? null } : { cell: label, result: "hit" };
    }
}

test("a whole game under the sunk rule: placement, the opponent's model, one recommendation a turn", async (t) => {
    // The computer's own fleet for this game.
    const computer = await placeFleet(11);
    assert.equal(computer.style, "uniform");
    assert.equal(computer.seed, 11);

    // The fleets this player hid in past games (here drawn by the service), fitted once.
    const pastFleets: string[][] = [];
    for (let seed = 21; seed < 29; seed++) {
        pastFleets.push((await placeFleet(seed)).board);
    }
    const fitted = unwrap(
        await sonar.POST("/opponent", { body: { rows: ROWS, cols: COLS, ships: SHIPS, fleets: pastFleets } }),
    );
    assert.equal(fitted.games, pastFleets.length);
    assert.equal(fitted.model.cells.length, ROWS);
    assert.ok(fitted.summary.edge_share >= 0 && fitted.summary.edge_share <= 1);

    // The player's hidden fleet, which only the referee sees.
    const referee = new Referee(await placeFleet(99));
    const fleet = SHIPS.map((length, index) => ({ name: NAMES[index] ?? "", length }));
    const shots: Schemas["HistoryShot"][] = [];
    const shotAt = new Set<string>();
    while (referee.afloat > 0) {
        assert.ok(shots.length < ROWS * COLS, `the fleet is still afloat after ${shots.length} shots`);
        const turn = unwrap(
            await sonar.POST("/recommend", {
                body: {
                    history: { rows: ROWS, cols: COLS, fleet, shots },
                    rules: { announce: "sunk" },
                    seed: 2024,
                    opponent: { model: fitted.model },
                },
            }),
        );
        const { row, col, label } = turn.shot;
        assert.ok(row >= 0 && row < ROWS && col >= 0 && col < COLS, `${label} is off the board`);
        assert.ok(!shotAt.has(label), `${label} was already shot (turn ${shots.length + 1})`);
        assert.deepEqual(turn.shots, [turn.shot]);
        assert.equal(turn.seed, 2024);
        assert.equal(turn.grid.length, ROWS);
        assert.ok(turn.opponent, "the answer echoes the opponent model it used");
        shotAt.add(label);
        shots.push(referee.answer(label));
    }
    assert.ok(shots.length <= ROWS * COLS);
    assert.equal(shots.filter((shot) => shot.result === "sunk").length, SHIPS.length);
    assert.equal(shots.filter((shot) => shot.result !== "miss").length, 17);
    t.diagnostic(`the fleet sank in ${shots.length} shots`);

    // The log of a finished game is not a turn to play: a 422 naming the history.
    await assert.rejects(
        async () =>
            unwrap(
                await sonar.POST("/recommend", {
                    body: { history: { rows: ROWS, cols: COLS, fleet, shots }, rules: { announce: "sunk" }, seed: 2024 },
                }),
            ),
        (error: unknown) => {
            assert.ok(error instanceof SonarProblem);
            assert.equal(error.status, 422);
            assert.equal(error.kind, "invalid-history");
            assert.match(error.problem.field ?? "", /^history/);
            return true;
        },
    );
});

test("a refusal is a SonarProblem carrying the problem+json body", async () => {
    const result = await sonar.POST("/recommend", { body: { board: ["....", "..Q.", "....", "...."], ships: [3, 2] } });
    assert.equal(result.response.status, 422);
    assert.match(result.response.headers.get("content-type") ?? "", /^application\/problem\+json/);
    assert.throws(
        () => unwrap(result),
        (error: unknown) => {
            assert.ok(error instanceof SonarProblem);
            assert.equal(error.status, 422);
            assert.equal(error.problem.status, 422);
            assert.equal(error.problem.type, "urn:sonar:problem:invalid-board");
            assert.equal(error.kind, "invalid-board");
            assert.equal(error.problem.field, "board");
            assert.equal(error.problem.row, 1);
            assert.equal(error.problem.col, 2);
            assert.match(error.message, /^422 Invalid board: /);
            return true;
        },
    );
});

test("scans sent as observations: bayes conditions on them, and a bad one names its path", async () => {
    const board = ["....", "....", "...."];
    const radar: Schemas["ObservationRequest"] = { count: 4, cells: ["A1", "A2", "B1", "B2"] };
    const observations = [radar];
    const answer = unwrap(await sonar.POST("/recommend", { body: { board, ships: [2, 2], algorithm: "bayes", observations } }));
    assert.deepEqual(answer.grid, [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]]);
    assert.equal(answer.layouts, "2");
    // The same scan as a turn of a history.
    const shots: Schemas["HistoryRequest"]["shots"] = [{ cell: "C4", result: "miss" }, { scan: radar }];
    const logged = unwrap(await sonar.POST("/recommend", {
        body: { history: { rows: 3, cols: 4, fleet: [2, 2], shots }, algorithm: "bayes" },
    }));
    assert.deepEqual(logged.grid, [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]]);
    const bad = await sonar.POST("/recommend", {
        body: { board, ships: [2, 2], observations: [{ any: true, cells: ["A1", "K1"] }] },
    });
    assert.throws(
        () => unwrap(bad),
        (error: unknown) => {
            assert.ok(error instanceof SonarProblem);
            assert.equal(error.kind, "invalid-observations");
            assert.equal(error.problem.field, "observations[0].cells[1]");
            return true;
        },
    );
});

test("an arsenal: the answer's action is a sure torpedo, and a bad power-up names its path", async () => {
    // The ship of three lies at one end of the row or the other: a torpedo along it hits for
    // certain and proves water half the time.
    const torpedo: Schemas["PowerUpRequest"] = { name: "torpedo", kind: "torpedo", uses: 1 };
    const board = ["....", "oooo"];
    const answer = unwrap(await sonar.POST("/recommend", { body: { board, ships: [3], seed: 3, arsenal: [torpedo] } }));
    assert.equal(answer.action?.kind, "torpedo");
    assert.equal(answer.action?.expected_hits, 1);
    assert.ok(["right", "left"].includes(answer.action?.direction ?? ""));
    assert.deepEqual(answer.actions?.[0], answer.action);
    // The same torpedo in a history: it passed A1 and hit A2.
    const shots: Schemas["HistoryRequest"]["shots"] = [{ torpedo: { passed: ["A1"], shots: [{ cell: "A2", result: "hit" }] } }];
    const logged = unwrap(await sonar.POST("/recommend", {
        body: { history: { rows: 2, cols: 4, fleet: [3], shots, blocked: [] }, algorithm: "bayes" },
    }));
    assert.equal(logged.grid[0]?.[0], 0);
    const bad = await sonar.POST("/recommend", {
        body: { board, ships: [3], arsenal: [{ ...torpedo, area: ["X"] }] },
    });
    assert.throws(
        () => unwrap(bad),
        (error: unknown) => {
            assert.ok(error instanceof SonarProblem);
            assert.equal(error.kind, "invalid-arsenal");
            assert.equal(error.problem.field, "arsenal[0].area");
            return true;
        },
    );
});

test("a body that is not a problem still becomes a SonarProblem", () => {
    const response = new Response("upstream down", { status: 502, statusText: "Bad Gateway" });
    const error = SonarProblem.from("upstream down", response);
    assert.equal(error.status, 502);
    assert.equal(error.problem.title, "Bad Gateway");
    assert.equal(error.problem.detail, "upstream down");
});
