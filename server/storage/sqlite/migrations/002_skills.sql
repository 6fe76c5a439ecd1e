-- Skills, their versions and the files of each version.
--
-- Vendor skills (source 'vendor') ship with the server and are visible to every account: they are
-- stored with account_id NULL. Custom skills belong to one account. A list is the merge of two
-- index ranges (the account's skills, then the vendor skills), both walked in id order, so a page
-- costs the same however many skills exist (see server/storage/sqlite/skills.ts).

CREATE TABLE skills (
  id                   TEXT PRIMARY KEY,
  account_id           TEXT REFERENCES accounts(id) ON DELETE CASCADE,  -- NULL for vendor skills
  source               TEXT NOT NULL CHECK (source IN ('custom', 'vendor')),
  -- The front-matter name and description of the latest version, and the name lower-cased for
  -- the case-insensitive prefix filter (names are ASCII: lowercase letters, digits, hyphens).
  name                 TEXT NOT NULL,
  name_lower           TEXT NOT NULL,
  description          TEXT NOT NULL,
  display_title        TEXT NOT NULL,
  display_title_lower  TEXT NOT NULL,
  latest_version_id    TEXT NOT NULL,
  latest_version       INTEGER NOT NULL,
  -- The last version number ever issued for this skill: new versions are strictly greater,
  -- even after the latest one was deleted.
  version_seq          INTEGER NOT NULL,
  metadata             TEXT NOT NULL DEFAULT '{}',
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL,
  CHECK ((source = 'vendor') = (account_id IS NULL))
) STRICT;

-- Newest first within one owner (account_id IS NULL is an index equality in SQLite). The
-- lower-cased columns make it covering for filtered walks in id order.
CREATE INDEX skills_account_id ON skills(account_id, id, name_lower, display_title_lower);
-- Prefix filters: a range on the lower-cased column, then the id for the tie-break.
CREATE INDEX skills_account_name ON skills(account_id, name_lower, id);
CREATE INDEX skills_account_title ON skills(account_id, display_title_lower, id);
-- Vendor skills are upserted by name at start-up: one vendor skill per name.
CREATE UNIQUE INDEX skills_vendor_name ON skills(name) WHERE account_id IS NULL;

CREATE TABLE skill_versions (
  id           TEXT PRIMARY KEY,
  skill_id     TEXT NOT NULL REFERENCES skills(id) ON DELETE CASCADE,
  version      INTEGER NOT NULL,   -- epoch microseconds, strictly increasing per skill
  name         TEXT NOT NULL,
  description  TEXT NOT NULL,
  directory    TEXT NOT NULL,      -- the single top-level folder of the upload
  digest       TEXT NOT NULL,      -- SHA-256 over the sorted (path, content) pairs: detects changes
  file_count   INTEGER NOT NULL,
  total_bytes  INTEGER NOT NULL,
  created_at   TEXT NOT NULL
) STRICT;

CREATE UNIQUE INDEX skill_versions_skill_version ON skill_versions(skill_id, version);
CREATE INDEX skill_versions_skill_id ON skill_versions(skill_id, id);

-- File contents live apart from the version rows so that lists never read them.
CREATE TABLE skill_files (
  version_id  TEXT NOT NULL REFERENCES skill_versions(id) ON DELETE CASCADE,
  path        TEXT NOT NULL,   -- relative path including the top-level folder, '/'-separated
  content     BLOB NOT NULL,
  PRIMARY KEY (version_id, path)
) STRICT;
