-- Documents uploaded to module records (api/shared/documents.ts): the bytes in PostgreSQL, with
-- their size, SHA-256 and the type detected from the bytes (never the name or the browser's word).
-- A document belongs to one record of one module (owner_type + owner_id, e.g. 'case' + its id);
-- the module checks the caller may see that record before it lists or hands out its documents.
CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  module text NOT NULL CHECK (module ~ '^[a-z][a-z0-9-]*$'),
  owner_type text NOT NULL,
  owner_id text NOT NULL,
  lea_id integer REFERENCES leas(id) ON DELETE SET NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pdf', 'docx', 'xlsx', 'png', 'jpg')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL DEFAULT 'system',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'system'
);
CREATE INDEX documents_owner ON documents (module, owner_type, owner_id, uploaded_at);
