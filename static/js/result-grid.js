/* The whole-round result grid (templates/operations/result_grid.html, issue 20 item 1).

   Wired by data-* attributes, no inline script (CSP):
   - <div data-result-grid data-save-url data-keys data-short data-stamp data-msg-*>: the grid,
     the keys ({key: result code}), what a field shows for each code, the round's last result entry;
   - <input class="grid-input" data-table data-board data-was>: a board; data-was is the result
     (from the first-named player's side) the page last knew, sent with each save so that a board
     someone else changed meanwhile is refused (409) instead of overwritten;
   - [data-grid-score] in a match's <section id="table-N">, #grid-pending: updated by each answer.

   A result key saves its board at once (one POST per board, form-encoded, answered in JSON);
   Backspace or Delete clears it; Tab and Enter move to the next board, Shift+Tab and Shift+Enter
   to the one before; any other key is refused in the row and nothing is sent. While a board's
   save is under way, the last key typed on it waits and goes next. The grid's data-inflight
   says how many saves are under way. */

const grid = document.querySelector("[data-result-grid]");
if (grid) {
  start(grid);
}

function start(grid) {
  const keys = JSON.parse(grid.dataset.keys);
  const short = JSON.parse(grid.dataset.short);
  const saveUrl = grid.dataset.saveUrl;
  const token = document.querySelector("input[name=csrfmiddlewaretoken]");
  const pendingCount = document.getElementById("grid-pending");
  const status = document.getElementById("grid-status");
  const inputs = Array.from(grid.querySelectorAll("input.grid-input"));
  const boards = new Map(); // input -> {busy, queued}
  const matchStamps = new Map(); // table -> stamp of the score shown
  let roundStamp = Number(grid.dataset.stamp) || 0;
  let inflight = 0;
  grid.dataset.inflight = "0";

  function board(input) {
    if (!boards.has(input)) {
      boards.set(input, { busy: false, queued: null });
    }
    return boards.get(input);
  }

  function message(input, text, kind) {
    const cell = document.getElementById(input.getAttribute("aria-describedby"));
    const row = cell && cell.closest("tr");
    input.classList.remove("is-saving", "is-saved", "is-refused", "is-conflict");
    if (kind) {
      input.classList.add("is-" + kind);
    }
    if (!row) {
      return;
    }
    cell.textContent = text || "";
    row.hidden = !text;
    if (text) {
      status.textContent = text;
    }
  }

  function move(input, step) {
    const next = inputs[inputs.indexOf(input) + step];
    if (next) {
      next.focus();
    }
  }

  function apply(answer) {
    const stamp = Number(answer.stamp) || 0;
    if (stamp >= roundStamp) {
      roundStamp = stamp;
      pendingCount.textContent = answer.pending_text;
    }
    const table = String(answer.table);
    if (stamp >= (matchStamps.get(table) || 0)) {
      matchStamps.set(table, stamp);
      const section = document.getElementById("table-" + table);
      const score = section && section.querySelector("[data-grid-score]");
      if (score) {
        score.innerHTML = answer.score; // the server's own escaped markup (ops_rows.match_score_cell)
      }
    }
  }

  function settled(input, code, httpStatus, answer) {
    const state = board(input);
    if (httpStatus === 200 && answer) {
      input.dataset.was = answer.result;
      if (state.queued === null) {
        input.value = answer.short;
        message(input, "", "saved");
        input.title = grid.dataset.msgSaved;
      }
      apply(answer);
      return;
    }
    if (httpStatus === 409 && answer) {
      state.queued = null; // typed before the conflict was known: not sent over someone else's result
      input.dataset.was = answer.result;
      input.value = answer.short;
      message(input, answer.detail, "conflict");
      apply(answer);
      return;
    }
    input.value = short[input.dataset.was] || "";
    const text =
      (answer && answer.detail) || grid.dataset.msgFailed.replace("%(status)s", String(httpStatus || "—"));
    message(input, text, "refused");
  }

  function send(input, code) {
    const state = board(input);
    state.busy = true;
    inflight += 1;
    grid.dataset.inflight = String(inflight);
    const body = new URLSearchParams({
      table: input.dataset.table,
      board: input.dataset.board,
      result: code,
      expected: input.dataset.was,
    });
    fetch(saveUrl, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token ? token.value : "", Accept: "application/json" },
    })
      .then((response) =>
        response
          .json()
          .catch(() => null)
          .then((answer) => settled(input, code, response.status, answer)),
      )
      .catch(() => settled(input, code, 0, null))
      .finally(() => {
        state.busy = false;
        inflight -= 1;
        grid.dataset.inflight = String(inflight);
        if (state.queued !== null) {
          const next = state.queued;
          state.queued = null;
          input.value = short[next] || "";
          send(input, next);
        }
      });
  }

  function enter(input, code) {
    input.value = short[code] || "";
    message(input, "", "saving");
    input.title = grid.dataset.msgSaving;
    const state = board(input);
    if (state.busy) {
      state.queued = code;
    } else {
      send(input, code);
    }
  }

  function typed(input, key) {
    const code = Object.prototype.hasOwnProperty.call(keys, key)
      ? keys[key]
      : keys[key.toLowerCase()];
    if (code === undefined) {
      message(input, grid.dataset.msgBadKey.replace("%(key)s", key), "refused");
      return;
    }
    enter(input, code);
  }

  grid.addEventListener("keydown", (event) => {
    const input = event.target.closest && event.target.closest("input.grid-input");
    if (!input || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) {
      return;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const step = event.shiftKey ? -1 : 1;
      if (event.key === "Enter" || inputs[inputs.indexOf(input) + step]) {
        event.preventDefault(); // Tab moves from board to board; past the first or last, it leaves the grid
        move(input, step);
      }
    } else if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      enter(input, "");
    } else if (event.key.length === 1) {
      event.preventDefault();
      typed(input, event.key);
    }
  });
  // Keyboards whose keydown names no key (a phone's): the text they would insert, as a key.
  grid.addEventListener("beforeinput", (event) => {
    const input = event.target.closest && event.target.closest("input.grid-input");
    if (!input) {
      return;
    }
    event.preventDefault();
    if (event.inputType && event.inputType.startsWith("delete")) {
      enter(input, "");
    } else if (event.data) {
      typed(input, event.data.slice(-1));
    }
  });
  grid.addEventListener("focusin", (event) => {
    if (event.target.matches && event.target.matches("input.grid-input")) {
      event.target.select();
    }
  });
}
