-- Dreams (`client.beta.dreams`; API.md "Memory stores"): a job that reads a memory store and past
-- sessions and writes a reorganized store. It runs as a session of its own (`session_id`, set when
-- it starts); `inputs`, `model` and `output_behavior` are JSON as the request gave them (session ids
-- sorted). The token columns are the session's usage, copied when the dream ends (a read prefers
-- the live session's while it exists). `target_store_id` is the store an `update_existing` dream
-- writes into while it is pending or running: at most one such dream per store.

CREATE TABLE dreams (
  id                          text PRIMARY KEY,
  account_id                  text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status                      text NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed', 'canceled')),
  inputs                      text NOT NULL,
  instructions                text,
  model                       text NOT NULL,
  output_behavior             text NOT NULL,
  input_store_id              text NOT NULL,
  output_store_id             text,
  target_store_id             text,
  session_id                  text,
  error                       text,
  input_tokens                bigint NOT NULL DEFAULT 0,
  output_tokens               bigint NOT NULL DEFAULT 0,
  cache_read_input_tokens     bigint NOT NULL DEFAULT 0,
  cache_creation_input_tokens bigint NOT NULL DEFAULT 0,
  archived_at                 text,
  created_at                  text NOT NULL,
  updated_at                  text NOT NULL,
  ended_at                    text
);

CREATE INDEX dreams_account ON dreams(account_id, id);
CREATE INDEX dreams_pending ON dreams(status, id) WHERE status = 'pending';
CREATE INDEX dreams_ended ON dreams(ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX dreams_session ON dreams(session_id) WHERE session_id IS NOT NULL;
CREATE UNIQUE INDEX dreams_one_writer_per_store ON dreams(target_store_id) WHERE target_store_id IS NOT NULL;
