/* The table page's connection: one websocket, every snapshot drawn again in full.
 *
 * The server is the truth. A snapshot carries the table (seats, match, deadlines) and this
 * seat's view of the round (docs/live_protocol.md, games/play/views.py); the page is drawn
 * again from it (table-play.js, table-result.js), so a missed frame can never leave the
 * picture half-updated. An action is sent as a frame, and nothing changes here until the
 * next snapshot arrives. Loaded last, after table-parts.js.
 */
(() => {
  "use strict";

  const parts = window.MhingTable;
  if (!parts) return;
  const { config, state, $, t } = parts;

  const TRY_AGAIN_LATER = 4503; // the server could not reach its database: reconnect later
  let socket = null;
  let version = null; // the last version this page has seen
  let attempts = 0;
  let retryTimer = null;
  let closedForGood = false;
  const RETRY_CAP_MS = 8000; // the longest wait between two attempts
  let eventNotes = []; // what the events frames before the next snapshot said happened
  let asked = 0; // the id of the last request sent
  let awaiting = null; // the id of the request whose answer the buttons wait for

  /* Connection ------------------------------------------------------------------------ */

  // The server's limits (games/socket_limits.py, docs/live_protocol.md#limits): why it
  // closed this socket, in words; any other 4xxx code is "this table is closed".
  const CLOSED_BECAUSE = {
    4429: "closed_flooding",
    4430: "closed_too_many_tabs",
    4431: "closed_too_many_watchers",
  };

  function setConnection(name, seconds, state = name) {
    const node = $("live-connection");
    node.dataset.state = state;
    node.textContent = t(`connection_${name}`, { seconds });
  }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (socket || closedForGood) return;
    setConnection("connecting");
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + window.location.host + config.ws_path);
    socket = ws;
    ws.addEventListener("open", () => {
      attempts = 0;
      setConnection("connected");
      // Catch up from the last version seen: a snapshot comes back, or "up_to_date".
      if (version !== null) send({ type: "sync", version });
    });
    ws.addEventListener("message", (message) => {
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      receive(frame);
    });
    ws.addEventListener("close", (close) => {
      if (socket !== ws) return; // replaced on purpose (reconnectNow)
      socket = null;
      awaiting = null;
      state.pending = false;
      // 4000-4999 are the server's own codes (no such table): trying again cannot help,
      // except 4503 (the database is restarting: docs/live_protocol.md).
      if (close.code >= 4000 && close.code < 5000 && close.code !== TRY_AGAIN_LATER) {
        closedForGood = true;
        setConnection(CLOSED_BECAUSE[close.code] || "closed", undefined, "closed");
        return;
      }
      reconnectLater();
    });
  }

  function reconnectLater() {
    if (retryTimer || closedForGood) return;
    // Exponential backoff, capped so a page is back within RETRY_CAP_MS of the server
    // coming back (within 10 s of a restart), with jitter so 500 pages whose
    // sockets closed at once do not all come back at the same instant: each waits between
    // half and all of 0.5 s, 1 s, 2 s, 4 s, then 8 s. benchmarks/loadtest.py's --reconnect
    // clients wait the same way.
    const base = Math.min(RETRY_CAP_MS, 500 * 2 ** attempts);
    const delay = Math.round(base * (0.5 + Math.random() * 0.5));
    attempts += 1;
    setConnection("reconnecting", Math.max(1, Math.round(delay / 1000)));
    retryTimer = setTimeout(connect, delay);
  }

  /** Open the socket again at once: the user took or left a seat, and the server learns a
   *  socket's seat when it connects. */
  function reconnectNow() {
    const old = socket;
    socket = null;
    attempts = 0;
    awaiting = null; // the old socket's answers will not come
    state.pending = false;
    if (old) old.close(1000);
    connect();
  }

  function send(frame) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** Send a frame for this seat; the buttons stay disabled until its answer arrives: the
   *  snapshot or error that names it in `reply_to`. A snapshot in between may have been made
   *  before the action was applied (another player connecting, say) and still offer the move
   *  just sent; a second tap on it would only be refused (docs/live_protocol.md). */
  state.request = (frame) => {
    if (state.pending) return;
    const id = ++asked;
    if (!send({ ...frame, id })) {
      showError(t("error_offline"));
      return;
    }
    awaiting = id;
    state.pending = true;
    document.querySelectorAll("#live-table [data-action]").forEach((button) => {
      button.disabled = true;
    });
  };

  // Events from the waiting room's forms (django-htmx trigger_client_event).
  document.body.addEventListener("seat-changed", reconnectNow);
  document.body.addEventListener("table-started", () => {
    // The snapshot on the socket brings the live table; without a socket, load it.
    if (!socket || socket.readyState !== WebSocket.OPEN) window.location.reload();
  });
  window.addEventListener("online", () => {
    if (!socket) connect();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !socket) connect();
  });

  /* Frames ---------------------------------------------------------------------------- */

  function receive(frame) {
    switch (frame.type) {
      case "snapshot":
        version = frame.version;
        if (frame.reply_to === awaiting) {
          awaiting = null;
          state.pending = false;
        }
        render(frame);
        break;
      case "events":
        // One frame per version missed may come before the snapshot: keep them all.
        eventNotes.push(...(frame.events || []).map(parts.describeEvent).filter(Boolean));
        break;
      case "error":
        awaiting = null;
        state.pending = false;
        if (state.snapshot) render(state.snapshot); // the buttons again, as they were
        // The server words its refusals in the player's language.
        showError(frame.message || t("error_other"));
        if (version !== null && frame.version > version) send({ type: "sync", version });
        break;
      case "up_to_date":
        version = frame.version;
        break;
      default:
        break;
    }
  }

  function showError(message) {
    const node = $("live-error");
    node.textContent = message;
    node.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => {
      node.hidden = true;
      node.textContent = "";
    }, 6000);
  }

  function render(frame) {
    state.snapshot = frame;
    const table = frame.table;
    // The waiting room is the server's (seats and forms): a change there is fetched again.
    if (table.status === "waiting") {
      seatsWanted = Math.max(seatsWanted, frame.version);
      refreshSeats();
      return;
    }
    // The game has started: the live table takes the waiting room's place on the same
    // socket (a reload would leave the seat to the bot for a moment).
    if (config.mode === "waiting") {
      config.mode = "live";
      const seats = $("seats");
      if (seats) seats.remove();
      $("live-table").hidden = false;
    }
    $("live-table").dataset.status = table.status;
    parts.drawPlay(frame, eventNotes);
    parts.drawResult(frame);
    drawEnd(table);
    eventNotes = [];
  }

  /* The waiting room's seats ------------------------------------------------------------
   *
   * The seats are HTML drawn by the server (#seats, its data-version the table's version
   * then), fetched again by htmx when a snapshot is newer. Asking once per snapshot can lose
   * a change: htmx holds a fetch asked for while another is on its way, and drops it when
   * the first answer replaces the element it belonged to; a change heard between that swap
   * and its settling finds no element listening. So each time new seats have settled, they
   * are compared with the newest snapshot, and fetched again while older. */
  let seatsWanted = 0; // the newest waiting-room version the socket brought
  let staleSettles = 0; // seats that settled older than that, one after another

  function seatsShown() {
    const seats = $("seats");
    return seats ? Number(seats.dataset.version) : null;
  }

  function refreshSeats() {
    const shown = seatsShown();
    if (shown === null || !window.htmx || shown >= seatsWanted) return;
    window.htmx.trigger(document.body, "table-changed");
  }

  document.body.addEventListener("htmx:afterSettle", () => {
    const shown = seatsShown();
    if (shown === null) return;
    if (shown >= seatsWanted) {
      staleSettles = 0;
      return;
    }
    // Every fetch answers with the table as it is then, at least as new as any snapshot;
    // the cap only keeps a page from asking forever should that ever not hold.
    staleSettles += 1;
    if (staleSettles <= 3) refreshSeats();
  });

  // Once the match is over or the table closed: where to go next, and the league's match.
  function drawEnd(table) {
    const over = table.status === "finished" || table.status === "closed";
    $("live-end").hidden = !over;
    $("live-closed").hidden = table.status !== "closed";
    const recorded = $("live-recorded");
    recorded.hidden = !table.recorded_match_url;
    if (table.recorded_match_url) recorded.href = table.recorded_match_url;
  }

  // The share link's copy button, where the browser lets a page write to the clipboard.
  document.querySelectorAll("[data-copy]").forEach((button) => {
    const input = $(button.dataset.copy);
    if (!input || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(input.value).then(
        () => {
          button.textContent = t("copied");
        },
        () => input.select(),
      );
    });
  });

  connect();
})();
