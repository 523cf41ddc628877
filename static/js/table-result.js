/* The live table's results: the round's outcome with the winner's hand as scored and its
 * combinations, the "next round" control, the end of the match, and the running totals.
 * Drawn again from each snapshot by `MhingTable.drawResult` (see table-parts.js). */
(() => {
  "use strict";

  const parts = window.MhingTable;
  if (!parts) return;
  const { $, t, el, badge, actionButton, seatName, combinationName, cardLabel } = parts;
  const { cardImage, startCountdown } = parts;

  // A Mhing card with what it stands for written under it ("as 6b"), as the calculator
  // shows it; its name says the same in words for screen readers.
  function jokerAs(code) {
    return el(
      "span",
      { class: "live-joker" },
      cardImage("J", "", t("joker_as", { card: cardLabel(code) })),
      el("span", { class: "live-joker-as", "aria-hidden": "true", text: t("as_card", { card: code }) }),
    );
  }

  function arrangementNode(score) {
    // The winning hand as the scorer read it: each set, a Mhing card named for what it is.
    const groups = score.arrangement.groups.map((group) =>
      el(
        "li",
        { class: `live-group${group.exposed ? " is-exposed" : ""}` },
        group.cards.map((code, i) =>
          group.jokers[i] ? jokerAs(code) : cardImage(code),
        ),
      ),
    );
    return el("ul", { class: "live-arrangement" }, groups);
  }

  function scoreTable(score) {
    const cell = (text) => el("td", { class: "num", text });
    const rows = score.combinations.length
      ? score.combinations.map((c) =>
          el(
            "tr",
            { "data-combination": c.key },
            el("td", { text: combinationName(c) }),
            cell(c.credits),
            cell(`×${c.count}`),
            cell(c.total),
          ),
        )
      : [el("tr", {}, el("td", { colspan: "4", text: t("no_combination") }))];
    const heading = (key) => el("th", { scope: "col", class: "num", text: t(key) });
    const footer = (key, value) =>
      el("tr", {}, el("th", { scope: "row", colspan: "3", text: t(key) }), cell(value));
    return el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        { class: "table live-breakdown" },
        el("caption", { class: "visually-hidden", text: t("combinations") }),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col", text: t("combination") }),
            heading("credits"),
            heading("count"),
            heading("total"),
          ),
        ),
        el("tbody", {}, rows),
        el("tfoot", {}, footer("total_credits", score.credits), footer("points", score.points)),
      ),
    );
  }

  function renderResult(table, view) {
    const box = $("live-result");
    box.replaceChildren();
    const outcome = view && view.phase === "over" ? view.outcome : null;
    const match = table.match || {};
    box.hidden = !outcome && !match.finished;
    if (box.hidden) return;
    if (outcome) {
      box.append(el("h2", { text: t("round_over") }));
      if (outcome.result === "draw") {
        box.append(el("p", { class: "live-result-head", text: t("round_draw") }));
      } else {
        const name = seatName(outcome.winner);
        const how = outcome.self_drawn
          ? t("won_self_drawn", { name })
          : t("won_on_discard", { name, discarder: seatName(outcome.discarder) });
        box.append(el("p", { class: "live-result-head", text: how }));
        box.append(arrangementNode(outcome.score), scoreTable(outcome.score));
      }
    }
    if (match.finished) {
      const won = match.winner === null || match.winner === undefined;
      const text = won ? t("match_over") : t("match_won", { name: seatName(match.winner) });
      box.append(el("p", { class: "live-result-head", text }));
      if (table.recorded_match) box.append(el("p", { class: "muted", text: t("recorded") }));
      return;
    }
    if (!outcome || table.status !== "playing") return;
    // The next round is dealt once every connected player has asked for it, or when the
    // pause runs out.
    const controls = el("div", { class: "live-actions" });
    if (view.seat !== null && !(table.ready || []).includes(view.seat)) {
      controls.append(actionButton(t("next_round"), { type: "next_round" }));
    } else if (view.seat !== null) {
      controls.append(el("p", { class: "muted", text: t("waiting_for_others") }));
    }
    if (table.next_round_at) {
      const label = el("span", { class: "live-countdown-text" });
      controls.append(el("p", { class: "live-countdown" }, label));
      startCountdown(table.next_round_at, null, label, null, "next_round_in");
    }
    box.append(controls);
  }

  function renderTotals(table, view) {
    const body = $("live-totals-body");
    body.replaceChildren();
    const match = table.match || {};
    const totals = match.totals || [];
    $("live-totals-unit").textContent = t(table.variant === "chips" ? "chips" : "points");
    for (const seat of table.seats) {
      const position = seat.position;
      const dealer = (view ? view.dealer : match.dealer) === position;
      const total = totals[position] === undefined ? "–" : totals[position];
      body.append(
        el(
          "tr",
          { class: match.winner === position ? "is-winner" : null },
          el(
            "th",
            { scope: "row" },
            seatName(position),
            dealer ? badge(t("dealer_short"), "badge-dealer", t("dealer")) : null,
          ),
          el("td", { class: "num", text: total }),
        ),
      );
    }
  }

  /** Draw the result of the round (once it is over) and the totals from a snapshot. */
  function drawResult(frame) {
    renderResult(frame.table, frame.view);
    renderTotals(frame.table, frame.view);
  }

  parts.drawResult = drawResult;
})();
