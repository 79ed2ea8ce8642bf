// The morale tracker's setup draft: a rematch's draft, member edits (the setup it becomes is
// rules_core's: morale.setup, its golden cases in tests/cases/morale.json).
import { test } from "node:test";
import assert from "node:assert/strict";
import { draftFrom, emptyDraft, isDraft, removeMember } from "../../calculators/browser/widgets/morale/setup/draft.js";

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
