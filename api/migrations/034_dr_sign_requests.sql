-- Dispute resolution e-signature requests (DR spec §3 SignRequest, §4.2, §4.3, §4.11, §8, §14):
-- a staff-intake request signed remotely (purpose 1), an agreement to participate (2), a
-- resolution meeting waiver (3) and the parent's choice of three hearing officers (4). The link's
-- token is stored only as its SHA-256 hash and answers once.
CREATE TABLE dr_sign_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES dr_cases(id) ON DELETE CASCADE,
  purpose smallint NOT NULL CHECK (purpose BETWEEN 1 AND 4),
  recipient_name varchar(200) NOT NULL,
  recipient_email varchar(320) NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  -- typedName, agreed, ranking, textVersions, signedAt
  response jsonb,
  -- Purpose 1: how the paper filing reached the agency (staff intake).
  received_via text,
  -- Purpose 4: the three hearing officers offered, in rotation order.
  offered_user_ids uuid[],
  -- Purpose 4: when the window passed without an answer and the first offered was proposed.
  lapsed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
CREATE INDEX dr_sign_requests_case ON dr_sign_requests (case_id);
CREATE INDEX dr_sign_requests_open_choice ON dr_sign_requests (expires_at) WHERE purpose = 4 AND completed_at IS NULL AND lapsed_at IS NULL;
