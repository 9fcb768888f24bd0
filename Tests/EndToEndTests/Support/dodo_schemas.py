"""Dodo's schemas for the fake API, from its official Python SDK (`dodopayments`, pinned in
.ci/run): request bodies checked against the SDK's `*_params` types, answers made as the SDK's
models. Used by fake-dodo-api.py; a new route calls `validated_body(ParamsType, body)` for
what it is sent and `answer(ModelClass, fields)` for what it answers."""

import functools
import json

import pydantic
import typing_extensions


class SchemaError(Exception):
    """What did not validate, one problem a line."""


class InvalidRequest(SchemaError):
    """A request body that Dodo's schema refuses: the API answers 422."""


class InvalidAnswer(SchemaError):
    """Fields that make no valid model (a mistake in a test's seeded state)."""


def validated_body(params_type, body):
    """The JSON value of `body`. With a `params_type` (a TypedDict of the SDK), the body must
    validate under it strictly (no coercion of "1" to 1) and with no unknown keys, else
    InvalidRequest names each problem."""
    try:
        value = json.loads(body or b"null")
    except ValueError:
        raise InvalidRequest("the body is not JSON") from None
    if params_type is not None:
        try:
            materialized(adapter(params_type).validate_json(body or b"null", strict=True))
        except pydantic.ValidationError as error:
            raise InvalidRequest("\n".join(problems(error))) from None
    return value


def answer(model_class, fields):
    """The JSON value of the SDK model `model_class` made from `fields`: the model checks every
    required field, type and enum, else InvalidAnswer names each problem."""
    try:
        return model_class.model_validate(fields).model_dump(mode="json")
    except pydantic.ValidationError as error:
        raise InvalidAnswer(f"{model_class.__name__}: " + "\n".join(problems(error))) from None


@functools.cache
def adapter(params_type):
    forbid_extra_keys(params_type, set())
    return pydantic.TypeAdapter(params_type)


def forbid_extra_keys(hint, seen):
    # The SDK's params are TypedDicts, which pydantic lets carry unknown keys: a misspelt field
    # must fail here, since Dodo's API ignores it and nothing else would notice.
    if hint in seen:
        return
    seen.add(hint)
    if typing_extensions.is_typeddict(hint):
        hint.__pydantic_config__ = pydantic.ConfigDict(extra="forbid")
        for field in typing_extensions.get_type_hints(hint).values():
            forbid_extra_keys(field, seen)
    for argument in typing_extensions.get_args(hint):
        forbid_extra_keys(argument, seen)


def problems(error, prefix=""):
    """`path: message` for each error pydantic found."""
    return [
        f"{'.'.join(str(part) for part in [prefix, *item['loc']] if part != '') or '(body)'}: {item['msg']}"
        for item in error.errors(include_url=False)
    ]


def materialized(value, path=""):
    # pydantic checks an Iterable[...] field lazily, as it is read: read all of it.
    if isinstance(value, dict):
        return {key: materialized(item, f"{path}.{key}".lstrip(".")) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [materialized(item, f"{path}.{index}".lstrip(".")) for index, item in enumerate(value)]
    if type(value).__name__ == "ValidatorIterator":
        try:
            return [materialized(item, f"{path}.{index}") for index, item in enumerate(value)]
        except pydantic.ValidationError as error:
            raise InvalidRequest("\n".join(problems(error, path))) from None
    return value
