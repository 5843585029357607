-- The open cases the dashboard's tiles and state tracking count (statuses Submitted, Active, Set
-- Aside), without reading the closed ones.
CREATE INDEX dr_cases_open ON dr_cases (dispute_type) WHERE NOT is_deleted AND status IN (1, 2, 3);
-- The case list's count for state staff (every case but other people's drafts), from the index alone.
CREATE INDEX dr_cases_live ON dr_cases (status, created_by) WHERE NOT is_deleted;
