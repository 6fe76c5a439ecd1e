-- The outcome events of a session (`user.define_outcome`, `span.outcome_evaluation_start` and
-- `_end`), read together for the session's `outcome_evaluations` on /v1 without scanning the
-- rest of its history.
CREATE INDEX session_events_outcomes ON session_events(session_id, id)
  WHERE type IN ('user.define_outcome', 'span.outcome_evaluation_start', 'span.outcome_evaluation_end');
