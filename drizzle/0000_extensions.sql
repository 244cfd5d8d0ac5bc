-- Custom SQL migration file, put your code below! --
-- Trigram indexes back the admin dashboard's search (SPEC §9) and, later, catalogue search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
