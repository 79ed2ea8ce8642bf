// Two tabs' versions of one kept log of events (the morale tracker's conflict,
// the conflict board's): each event carries an id, so a merge takes theirs,
// adds the events only we logged, and leaves out the ones either tab undid
// and dropped. Redo survives only when nothing changed.

/** How many dropped ids a log remembers (enough for any undo a table makes in one sitting). */
export const MAX_DROPPED = 500;

/**
 * Theirs, plus the events only ours has, minus the ones ours dropped:
 * {log: {events, ids, redo, redoIds, dropped}, added, changed}. Both logs are
 * {events, ids, redo, redoIds, dropped}; the caller checks they are of one conflict.
 */
export function mergeLogs(ours, theirs) {
  const known = new Set([...theirs.ids, ...theirs.redoIds, ...theirs.dropped]);
  const gone = new Set(ours.dropped);
  const keep = theirs.events.map((e, i) => [e, theirs.ids[i]]).filter(([, id]) => !gone.has(id));
  const extra = ours.events.map((e, i) => [e, ours.ids[i]]).filter(([, id]) => !known.has(id));
  const all = [...keep, ...extra];
  const changed = extra.length > 0 || keep.length !== theirs.events.length;
  return {
    added: extra.length,
    changed,
    log: {
      events: all.map(([e]) => e),
      ids: all.map(([, id]) => id),
      redo: changed ? [] : theirs.redo,
      redoIds: changed ? [] : theirs.redoIds,
      dropped: [...new Set([...theirs.dropped, ...ours.dropped])].slice(-MAX_DROPPED),
    },
  };
}
