"""Drives the gateway's proxy with the official OpenAI Python SDK (run by tests/proxy.rs).

Env: GATEWAY (base URL), REDACT_KEY (our API key), PROVIDER_KEY (the vendor key), MAP (JSON
map), QUESTION (the user's message). Prints the whole answer, then the streamed answer, one
per line, then the error type of a request without a model.
"""
import json
import os
import sys

try:
    import openai
except ImportError:
    print("SKIPPED: the openai package is not installed")
    sys.exit(0)

client = openai.OpenAI(
    base_url=os.environ["GATEWAY"] + "/v1/proxy",
    api_key=os.environ["REDACT_KEY"],
    default_headers={"X-Provider-Key": os.environ["PROVIDER_KEY"]},
    max_retries=0,
)
messages = [{"role": "user", "content": os.environ["QUESTION"]}]
extra = {"map": json.loads(os.environ["MAP"])}

whole = client.chat.completions.create(model="gpt-4o-mini", messages=messages, extra_body=extra)
print(whole.choices[0].message.content)

stream = client.chat.completions.create(
    model="gpt-4o-mini", messages=messages, extra_body=extra, stream=True
)
print("".join(c.choices[0].delta.content or "" for c in stream if c.choices))

try:
    client.chat.completions.create(model="", messages=messages)
    print("no error")
except openai.BadRequestError as e:
    print(type(e).__name__, e.status_code)
