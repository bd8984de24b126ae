"""Schemathesis hooks for scripts/schemathesis.

The proxy picks its vendor from the header X-Provider, else from the model's name, and each
vendor's adapter has rules of its own (Google's model names, Anthropic's temperature range,
tool-call arguments that must be JSON objects ...). OpenAPI cannot tie a body field to a
header, so the description states these rules in words (see ProxyChatRequest) and this hook
sends every generated proxy request to the OpenAI adapter, which forwards a request as it
is: generated bodies then test the gateway's own rules, not a vendor's. Requests whose
X-Provider value is itself the generated violation are left as they are. The vendor adapters'
rules are covered by the tests of crates/vendors.
"""

import schemathesis

PROXY = "/v1/proxy/chat/completions"
VENDORS = ("openai", "anthropic", "google")


@schemathesis.hook
def map_case(context, case):
    if case.operation.path != PROXY:
        return case
    if case.headers is None:
        case.headers = {}
    headers = case.headers  # changed in place: it may carry what the run removed on purpose
    current = None
    for name in list(headers):
        if name.lower() == "x-provider":
            current = headers[name]
            if current in VENDORS:
                del headers[name]
    if current is None or current in VENDORS:
        headers["X-Provider"] = "openai"
    return case


def _strings(value, out):
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.append(k)
            _strings(v, out)
    return out


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keeps every failure but one known limitation (docs/gateway.md, "Known limitations").

    A caller's `map` whose stand-in also stands in the new text as written cannot be used:
    restoring the answer could not tell the two apart, so the gateway fails closed with 503
    `redaction_unavailable` and sends nothing to any model. Generated maps often have stand-ins
    such as "v" that occur in generated texts. Only that answer, to a request whose map has a
    stand-in found in its other strings, is dropped; schemathesis counts what it drops.
    """
    if response.status_code != 503:
        return True
    try:
        code = response.json()["error"]["code"]
    except Exception:
        return True
    body = case.body if isinstance(case.body, dict) else {}
    stand_ins = body.get("map") if isinstance(body.get("map"), dict) else {}
    if code != "redaction_unavailable" or not stand_ins:
        return True
    rest = _strings({k: v for k, v in body.items() if k != "map"}, [])
    return not any(s and any(s in text for text in rest) for s in stand_ins)
