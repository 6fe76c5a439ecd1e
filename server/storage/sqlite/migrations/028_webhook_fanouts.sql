-- Events whose delivery records are still to be created (issue 39): the request's transaction
-- writes the event and this one small row, naming the endpoints subscribed at the event's time;
-- the delivery engine creates the records of many events in one of its own transactions
-- (shared/deliveryQueue.ts fanOutPending) and deletes the rows. Retention keeps an event while its
-- row is here.
CREATE TABLE webhook_fanouts (
  event_seq     INTEGER PRIMARY KEY REFERENCES events(seq) ON DELETE CASCADE,
  account_id    TEXT NOT NULL,
  -- The endpoints' ids, comma-separated (ids never hold a comma).
  endpoint_ids  TEXT NOT NULL,
  created_at    TEXT NOT NULL
);
