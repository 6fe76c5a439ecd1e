-- List-cost budgets (docs/agents.md, "List-cost budgets"): the list cost of a session's model
-- requests at the operator's prices (MODEL_PRICES), in nano-dollars (10^-9 USD: whole numbers for
-- every price of at most three decimals per million tokens), and the budget's limit in cents
-- (NULL: none), on sessions and on the deployments that copy it into their sessions.

ALTER TABLE sessions ADD COLUMN list_cost_nanos bigint NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN budget_max_list_cost_cents bigint;
ALTER TABLE deployments ADD COLUMN budget_max_list_cost_cents bigint;

-- The server-run tool calls of the session (usage.server_tool_use): web_search and web_fetch.
ALTER TABLE sessions ADD COLUMN web_search_requests bigint NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN web_fetch_requests bigint NOT NULL DEFAULT 0;
