// The morale tracker's setup draft: typed values, the payload morale.replay gets, member edits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { draftFrom, emptyDraft, isDraft, payload, removeMember, value } from "../../calculators/browser/widgets/morale/setup/draft.js";

test("whole-number text becomes a number; anything else stays as typed for the rules to judge", () => {
  assert.equal(value(" 7 "), 7);
  assert.equal(value("-2"), -2);
  assert.equal(value("2.5"), "2.5");
  assert.equal(value("seven"), "seven");
  assert.equal(value(""), "");
});

test("a rematch starts from the same teams, captain included", () => {
  const draft = draftFrom({ edition: "2022", teams: [{ name: "Crows", captain: "Bree", members: ["Ash", { name: "Bree", successes: 2 }] }] });
  assert.equal(draft.teams[0].captain, 1);
  assert.equal(draft.teams[0].members[1].successes, "2");
  assert.ok(isDraft(draft));
  assert.ok(!isDraft({ edition: "2023", teams: [{ members: [null] }] }));
});

test("removing a member before the captain keeps the same captain", () => {
  const draft = emptyDraft("2023");
  draft.teams[0].members.push({ name: "C" });
  draft.teams[0].captain = 2;
  removeMember(draft, 0, 0);
  assert.equal(draft.teams[0].captain, 1);
});

test("the payload holds only the fields the edition's form asks for, typed", () => {
  const form = {
    team: [{ name: "name", type: "text" }, { name: "captain", type: "member" }, { name: "approach", type: "integer", optional: true }],
    member: [{ name: "name", type: "text" }, { name: "vigor", type: "flag" }, { name: "successes", type: "count", when: "defending" }],
  };
  const draft = emptyDraft("wiki");
  draft.teams[0].name = "Crows";
  draft.teams[0].members[0].name = "Ash";
  draft.teams[1].members[0].successes = "3";
  const out = payload(draft, form);
  assert.deepEqual(out.teams[0], { name: "Crows", captain: "Ash", members: [{ name: "Ash", vigor: false }, { name: "", vigor: false }] });
  assert.equal(out.teams[1].members[0].successes, 3);
  assert.ok(!("approach" in out.teams[0]), "an optional number left empty is left out");
});
