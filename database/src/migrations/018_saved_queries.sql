-- Issue #42: queries saved by name, per user. A saved query is its conditions (the body of
-- POST /api/parcels/query without the page), never its results, so it runs on whatever data is
-- published when it is run again. Same access rule as saved parcels and markups: every statement is
-- scoped by user_id.
CREATE TABLE saved_queries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL,
  name varchar(80) NOT NULL,
  -- shared/src/savedQueries/savedQueryContract.ts: validated by the API as a query body.
  query jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  -- One query of a name per user: saving under a name again replaces it (PATCH), never doubles it.
  -- The index also serves each user's list.
  UNIQUE (user_id, name)
);
