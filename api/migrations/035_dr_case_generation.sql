-- A counter every change to the cases or their assignments moves on (api/dr/store.ts
-- countCases): the case list's total is kept per filter and reused while it has not moved, so a
-- list page does not count ten thousand rows on every view. A sequence, not a row, so writers
-- never wait on one another for it.
CREATE SEQUENCE dr_case_generation;

CREATE FUNCTION dr_bump_case_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('dr_case_generation');
  RETURN NULL;
END
$$;

CREATE TRIGGER dr_cases_generation AFTER INSERT OR UPDATE OR DELETE ON dr_cases
  FOR EACH STATEMENT EXECUTE FUNCTION dr_bump_case_generation();
CREATE TRIGGER dr_assignments_generation AFTER INSERT OR UPDATE OR DELETE ON dr_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION dr_bump_case_generation();
