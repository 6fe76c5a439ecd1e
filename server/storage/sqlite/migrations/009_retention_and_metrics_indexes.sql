-- Indexes for the retention job (server/housekeeping/retention.ts) and the /metrics gauges.
-- Numbered 009 so that 007/008 stay free for the features developed alongside.

-- Settled delivery records by age: the retention job deletes the oldest in bounded batches.
CREATE INDEX webhook_deliveries_settled ON webhook_deliveries(updated_at) WHERE status <> 'pending';
-- The dead-letter queue's size (a gauge read at every scrape) without scanning every record.
CREATE INDEX webhook_deliveries_dead ON webhook_deliveries(id) WHERE status = 'dead';
-- Deleting an event looks up its delivery records (ON DELETE CASCADE, and "has it any left?").
CREATE INDEX webhook_deliveries_event_seq ON webhook_deliveries(event_seq);
-- Outbox events by age.
CREATE INDEX events_created_at ON events(created_at);
-- Finished runs by age.
CREATE INDEX runs_finished ON runs(updated_at) WHERE status IN ('completed', 'failed');
