"""Drives the gateway's service chat (POST /v1/chat/completions) with the official OpenAI
Python SDK (run by tests/chat.rs).

Env: GATEWAY (base URL), REDACT_KEY (our API key, on the free plan), BROKE_KEY (a key of an
account with no balance), MAP (JSON map), QUESTION (the user's message). Prints the whole
answer and its model, the streamed answer, then the errors of a route outside the plan and
of an empty balance.
"""
import json
import os
import sys

try:
    import openai
except ImportError:
    print("SKIPPED: the openai package is not installed")
    sys.exit(0)


def client(key):
    return openai.OpenAI(base_url=os.environ["GATEWAY"] + "/v1", api_key=key, max_retries=0)


ours = client(os.environ["REDACT_KEY"])
messages = [{"role": "user", "content": os.environ["QUESTION"]}]
extra = {"map": json.loads(os.environ["MAP"])}

whole = ours.chat.completions.create(model="service-auto", messages=messages, extra_body=extra)
print(whole.choices[0].message.content)
print(whole.model)

stream = ours.chat.completions.create(
    model="service-auto", messages=messages, extra_body=extra, stream=True
)
print("".join(c.choices[0].delta.content or "" for c in stream if c.choices))

try:
    ours.chat.completions.create(model="service-ultra", messages=messages)
    print("no error")
except openai.PermissionDeniedError as e:
    print(type(e).__name__, e.status_code, e.code)

try:
    client(os.environ["BROKE_KEY"]).chat.completions.create(model="service-auto", messages=messages)
    print("no error")
except openai.APIStatusError as e:
    print(e.status_code, e.code, e.type)
