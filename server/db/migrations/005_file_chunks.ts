/**
 * Uploaded files' bytes in 256 KB chunks, one row each: on the embedded database every statement
 * runs on the event loop, and writing a 2 MB value in one statement held up every other request for
 * about a second; chunk by chunk, other requests run in between.
 */
export const sql = /* sql */ `
CREATE TABLE file_chunks (
  file_id integer NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
INSERT INTO file_chunks (file_id, seq, data) SELECT id, 0, data FROM files;
ALTER TABLE files DROP COLUMN data;
`;
