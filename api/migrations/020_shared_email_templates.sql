-- Shared email templates (api/shared/email-templates.ts): one row per module and template code.
-- The merge fields each code may use are fixed in the module's code, not here; the row holds what
-- admins edit (subject, sanitised HTML body, active flag). System templates are the ones a module
-- seeds (inserted when missing, never overwritten); others were created by users (RAI mail types).
CREATE TABLE email_templates (
  module text NOT NULL CHECK (module ~ '^[a-z][a-z0-9-]*$'),
  code text NOT NULL CHECK (code ~ '^[A-Z][A-Z0-9_]*$' AND length(code) <= 100),
  name text NOT NULL,
  subject text NOT NULL,
  body_html text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_system boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL DEFAULT 'system',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'system',
  PRIMARY KEY (module, code)
);
