-- Issue #43: what each data set version was published from and by whom, for the Data page's versions:
-- the file's name as uploaded, its format as the importer read it, its size in bytes, and the
-- administrator's e-mail address (null when a command on the server's machine published it).
-- Versions published before this say none of it.
ALTER TABLE datasets
  ADD COLUMN file_name text,
  ADD COLUMN file_format text,
  ADD COLUMN file_bytes bigint,
  ADD COLUMN published_by text;
