-- staking_transfer_id(name): the id of a staking transfer named by what it pays (a customer's
-- rewards of one day, a stake's maturity), the same for the same name: an RFC 9562 version 8 UUID
-- made of the name's MD5. A plain md5(name)::uuid has any version and variant, which the API's
-- answers refuse as a UUID; rows written so before this function keep their ids (the history's
-- schema takes any UUID-shaped id).
CREATE OR REPLACE FUNCTION staking_transfer_id(p_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT overlay(overlay(h PLACING '8' FROM 13) PLACING substr('89ab', get_byte(decode(h, 'hex'), 8) % 4 + 1, 1) FROM 17)::uuid
    FROM md5(p_name) AS h
$$;
