/* The live table in play: the seats, the open discard and its countdown, the player's hand
 * and the moves they may make, and what the aria-live region reads out. Drawn again in
 * full from each snapshot by `MhingTable.drawPlay` (see table-parts.js, table.js). */
(() => {
  "use strict";

  const parts = window.MhingTable;
  if (!parts) return;
  const { state, $, t, el, badge, actionButton, seatName, cardLabel, cardSvg } = parts;
  const { cardImage, cardBacks, sortCards, joinCards, startCountdown, stopCountdown } = parts;

  let lastAnnouncement = "";

  const actionFrame = (action) => ({ type: "action", action });

  function describeEvent(event) {
    const name = event.seat === undefined ? "" : seatName(event.seat);
    switch (event.type) {
      case "discarded":
        return t("event_discarded", { name, card: cardLabel(event.card) });
      case "claimed":
        return t(`event_claimed_${event.kind}`, { name, card: cardLabel(event.card) });
      case "round_started":
        return t("event_round_started", { name: seatName(event.dealer) });
      default:
        return "";
    }
  }

  function renderInfo(table, view) {
    const facts = [];
    const match = table.match || {};
    if (match.round) facts.push(t("round_number", { number: match.round }));
    if (view) {
      facts.push(t("dealer_is", { name: seatName(view.dealer) }));
      facts.push(t("stock_count", { count: view.stock }));
    }
    if (table.status === "finished") facts.push(t("status_finished"));
    if (table.status === "closed") facts.push(t("status_closed"));
    $("live-info").textContent = facts.join(" · ");
  }

  function seatState(view, position) {
    if (!view || view.phase === "over") return "";
    if (view.phase === "discard" && view.turn === position) return "turn";
    if (view.phase === "claims" && view.claims.waiting.includes(position)) return "deciding";
    return "";
  }

  function meldNode(meld) {
    const kind = t(`meld_${meld.kind}`, { name: seatName(meld.from) });
    let label = `${kind}: ${joinCards(meld.cards)}`;
    if (meld.named) label += ` ${t("claim_named", { card: cardLabel(meld.named) })}`;
    // The picture is inside the item: a list may hold only list items (a role on the <li>
    // itself would make it none).
    return el(
      "li",
      {},
      el(
        "span",
        { class: "live-meld", role: "img", "aria-label": label },
        meld.cards.map((code, i) => cardImage(code, i === 0 ? "is-claimed" : "")),
      ),
    );
  }

  function seatNode(table, view, position) {
    const own = view.seat;
    const seat = view.seats[position];
    const info = table.seats.find((s) => s.position === position) || {};
    const mark = seatState(view, position);

    const badges = el("span", { class: "live-badges" });
    if (view.dealer === position) {
      badges.append(badge(t("dealer_short"), "badge-dealer", t("dealer")));
    }
    if (info.is_bot) badges.append(badge(t("bot")));
    else if (info.connected === false) badges.append(badge(t("offline"), "badge-offline"));
    if (mark) badges.append(badge(t(mark === "turn" ? "on_turn" : "deciding"), "badge-turn"));

    let hand;
    if (position === own) {
      hand = el("p", { class: "muted", text: t("hand_count", { count: seat.hand_count }) });
    } else if (seat.hand) {
      // The round is over: every hand lies open.
      const cards = sortCards(seat.hand).map((code) => cardImage(code));
      hand = el("div", { class: "live-seat-hand is-revealed" }, cards);
    } else {
      hand = el("div", { class: "live-seat-hand" }, cardBacks(seat.hand_count));
    }

    const open = el("div", { class: "live-seat-open" });
    if (seat.flowers) {
      const label = t("flowers_count", { count: seat.flowers });
      open.append(
        el("p", { class: "live-flowers", role: "img", "aria-label": label },
          cardImage("F"), el("span", { "aria-hidden": "true", text: `×${seat.flowers}` })),
      );
    }
    if (seat.exposed.length) {
      const melds = seat.exposed.map(meldNode);
      open.append(el("ul", { class: "live-melds", "aria-label": t("exposed") }, melds));
    }

    let discards;
    if (seat.discards.length) {
      const last = view.last_discard;
      discards = el("ol", { class: "live-discards", "aria-label": t("discards") });
      seat.discards.forEach((code, index) => {
        const isLast = last && last.seat === position && last.index === index;
        const label = isLast ? t("last_discard_card", { card: cardLabel(code) }) : null;
        discards.append(el("li", {}, cardImage(code, isLast ? "is-last" : "", label)));
      });
    } else {
      discards = el("p", { class: "muted", text: t("no_discards") });
    }

    const classes = ["live-seat"];
    if (position === own) classes.push("is-own");
    if (mark) classes.push(`is-${mark}`);
    return el(
      "section",
      { class: classes.join(" "), "data-seat": position, "aria-label": seatName(position) },
      el("header", { class: "live-seat-head" }, el("h3", { text: seatName(position) }), badges),
      hand,
      open,
      discards,
    );
  }

  function renderSeats(table, view) {
    const box = $("live-seats");
    box.replaceChildren();
    if (!view) return;
    // A player sees the others in turn order after themselves, and their own seat last.
    for (let i = 1; i <= view.players; i += 1) {
      const position = view.seat === null ? i - 1 : (view.seat + i) % view.players;
      box.append(seatNode(table, view, position));
    }
  }

  function renderCentre(table, view) {
    const box = $("live-centre");
    box.replaceChildren();
    stopCountdown();
    box.hidden = Boolean(view && view.phase === "over");
    if (!view) {
      const key = { finished: "status_finished", closed: "status_closed" }[table.status];
      box.append(el("p", { class: "muted", text: t(key || "waiting_for_round") }));
      return;
    }
    if (view.phase === "over") return;
    if (view.claims) {
      const claims = view.claims;
      const text = t("open_discard", {
        name: seatName(claims.discarder),
        card: cardLabel(claims.card),
      });
      box.append(
        el(
          "div",
          { class: "live-open-discard" },
          cardImage(claims.card, "is-last"),
          el("p", { text }),
        ),
      );
      if (table.claim_deadline) {
        const bar = el("span", { class: "live-countdown-bar" });
        const label = el("span", { class: "live-countdown-text" });
        const track = el("span", { class: "live-countdown-track", "aria-hidden": "true" }, bar);
        box.append(el("p", { class: "live-countdown" }, label, track));
        startCountdown(table.claim_deadline, table.claim_timeout, label, bar, "claims_close_in");
      }
      return;
    }
    const mine = view.turn === view.seat;
    const text = t(mine ? "your_turn" : "turn_of", { name: seatName(view.turn) });
    box.append(el("p", { class: "live-turn", text }));
    if (mine && table.turn_deadline) {
      // Only near the end: a player who is thinking should not be rushed by a clock.
      const label = el("span", { class: "live-countdown-text" });
      box.append(el("p", { class: "live-countdown" }, label));
      startCountdown(table.turn_deadline, null, label, null, "bot_plays_in", 15);
    }
  }


  function renderHand(view) {
    const section = $("live-own");
    const hand = $("live-hand");
    const drawnBox = $("live-drawn");
    hand.replaceChildren();
    drawnBox.replaceChildren();
    const seated = Boolean(view) && view.seat !== null;
    $("live-watching").hidden = seated;
    section.hidden = !seated;
    if (!seated) return;
    const seat = view.seats[view.seat];
    const cards = sortCards(seat.hand || []);
    // The card just drawn stands apart, so the player sees what came in.
    if (seat.drawn && view.phase !== "over") {
      const at = cards.indexOf(seat.drawn);
      if (at >= 0) cards.splice(at, 1);
      drawnBox.append(
        el("span", { class: "live-drawn-label", text: t("drawn") }),
        handCard(seat.drawn, view, true),
      );
    }
    hand.append(...cards.map((code) => el("li", {}, handCard(code, view, false))));
    $("live-own-title").textContent = t("your_hand_count", { count: (seat.hand || []).length });
  }

  function handCard(code, view, drawn) {
    const legal = view.actions.some((a) => a.type === "discard" && a.card === code);
    const usable = legal && !state.pending;
    return el(
      "button",
      {
        type: "button",
        class: `tcard tcard-button${drawn ? " is-drawn" : ""}`,
        "data-card": code,
        "data-action": legal ? "discard" : null,
        disabled: !usable,
        "aria-label": legal ? t("discard_card", { card: cardLabel(code) }) : cardLabel(code),
        onclick: () => state.request(actionFrame({ type: "discard", card: code })),
      },
      cardSvg(code),
    );
  }

  function renderActions(view) {
    const box = $("live-actions");
    box.replaceChildren();
    if (!view || view.seat === null) return;
    const actions = view.actions || [];
    // Mhing first and loudest; then the claims, each with the two cards it would expose.
    for (const action of actions) {
      if (action.type === "mhing" || action.type === "claim_mhing") {
        const options = { action: action.type, extraClass: "live-mhing" };
        box.append(actionButton(t("mhing"), actionFrame(action), options));
      }
    }
    for (const action of actions) {
      if (action.type !== "claim_sequence" && action.type !== "claim_triplet") continue;
      const kind = action.type === "claim_sequence" ? "sequence" : "triplet";
      let label = t(`claim_${kind}`, { cards: joinCards(action.cards) });
      if (action.named) label += ` ${t("claim_named", { card: cardLabel(action.named) })}`;
      box.append(
        actionButton(label, actionFrame(action), {
          action: action.type,
          cards: action.cards,
          extraClass: "button-secondary",
        }),
      );
    }
    const pass = actions.find((a) => a.type === "pass");
    if (pass) {
      const options = { action: "pass", extraClass: "button-secondary" };
      box.append(actionButton(t("pass"), actionFrame(pass), options));
    }
    if (view.claims && view.claims.has_answered) {
      const answer = view.claims.your_answer;
      const text = answer && answer.type === "pass" ? t("you_passed") : t("you_claimed");
      box.append(el("p", { class: "muted", text }));
    }
  }

  /** What just happened and what this player must do, for the aria-live region. */
  function announce(view, notes) {
    let status = "";
    if (view && view.phase !== "over") {
      if (view.claims && view.claims.may_answer && !view.claims.has_answered) {
        status = t("claim_or_pass", { card: cardLabel(view.claims.card) });
      } else if (view.phase === "discard" && view.turn === view.seat) {
        const mhing = view.actions.some((a) => a.type === "mhing");
        status = t(mhing ? "your_turn_mhing" : "your_turn");
      }
    } else if (view && view.outcome) {
      const winner = view.outcome.winner;
      status = winner === null ? t("round_draw") : t("round_won", { name: seatName(winner) });
    }
    // Emptied when there is nothing new to say, so an old prompt never lingers.
    // After a reconnect many events may arrive at once: the last few are enough to read.
    const message = [...notes.slice(-3), status].filter(Boolean).join(" ");
    if (message !== lastAnnouncement) {
      $("live-announce").textContent = message;
      lastAnnouncement = message;
    }
  }

  /** Draw the table in play from a snapshot; `notes`: what its events frames said. */
  function drawPlay(frame, notes) {
    const { table, view } = frame;
    renderInfo(table, view);
    renderSeats(table, view);
    renderCentre(table, view);
    renderHand(view);
    renderActions(view);
    announce(view, notes);
  }

  parts.drawPlay = drawPlay;
  parts.describeEvent = describeEvent;
})();
