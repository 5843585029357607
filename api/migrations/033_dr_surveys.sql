-- Dispute resolution satisfaction surveys (DR spec §3, §4.7, §8, §14): surveys and their
-- questions, the invitations sent one day after a case closes (single-use tokens stored as
-- SHA-256 hashes), and the responses, kept with no link to the person or the invitation.
CREATE TABLE dr_surveys (
  id serial PRIMARY KEY,
  name varchar(200) NOT NULL,
  dispute_types smallint[] NOT NULL,
  audience text NOT NULL CHECK (audience IN ('Parent', 'LEA', 'All')),
  status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Active', 'Retired')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);
CREATE INDEX dr_surveys_active ON dr_surveys (audience) WHERE status = 'Active';

CREATE TABLE dr_survey_questions (
  survey_id integer NOT NULL REFERENCES dr_surveys(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  text varchar(600) NOT NULL,
  type text NOT NULL CHECK (type IN ('Likert5', 'YesNo', 'Text')),
  required boolean NOT NULL DEFAULT false,
  PRIMARY KEY (survey_id, seq)
);

CREATE TABLE dr_survey_invitations (
  id serial PRIMARY KEY,
  survey_id integer NOT NULL REFERENCES dr_surveys(id),
  case_id uuid NOT NULL REFERENCES dr_cases(id) ON DELETE CASCADE,
  recipient_role text NOT NULL CHECK (recipient_role IN ('Parent', 'LEA')),
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  responded_at timestamptz,
  UNIQUE (case_id, recipient_role, email)
);
CREATE INDEX dr_survey_invitations_survey ON dr_survey_invitations (survey_id);

-- No invitation, case or person column: the answers cannot be traced back (§14).
CREATE TABLE dr_survey_responses (
  id serial PRIMARY KEY,
  survey_id integer NOT NULL REFERENCES dr_surveys(id),
  dispute_type smallint NOT NULL,
  lea_id integer REFERENCES leas(id) ON DELETE SET NULL,
  school_year text,
  answers jsonb NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dr_survey_responses_survey ON dr_survey_responses (survey_id);
