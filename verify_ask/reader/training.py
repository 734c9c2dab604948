"""Fine-tuning the reader (torch and transformers: the ``train`` extra, never imported when
answering). ``scripts/train_reader.py`` drives it; ``verify_ask.reader.model`` runs the
result in numpy.

The head reads the encoder's last layer twice, at [CLS] and averaged over the marked span
(« to »), and weighs the two into one logit. The word embeddings stay frozen at the base
model's: the package ships them once, for retrieval and reading alike.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch
from torch import nn

from verify_ask.reader.model import CONFIG, HEAD_BIAS, HEAD_WEIGHT, WORD_EMBEDDINGS


class CrossEncoder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        from transformers import BertConfig, BertModel

        self.encoder = BertModel(BertConfig(**CONFIG), add_pooling_layer=False)
        self.head = nn.Linear(2 * CONFIG["hidden_size"], 1)

    def forward(self, ids: torch.Tensor, types: torch.Tensor, mask: torch.Tensor,
                span: torch.Tensor) -> torch.Tensor:
        hidden = self.encoder(input_ids=ids, token_type_ids=types,
                              attention_mask=mask).last_hidden_state
        positions = torch.arange(ids.shape[1], device=ids.device)[None, :]
        marked = ((positions >= span[:, :1]) & (positions <= span[:, 1:])).to(hidden.dtype)
        pooled = (hidden * marked[..., None]).sum(1) / marked.sum(1, keepdim=True)
        return self.head(torch.cat([hidden[:, 0], pooled], dim=-1)).squeeze(-1)


def _device() -> torch.device:
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def _tensors(data: dict[str, np.ndarray], rows: np.ndarray, device: torch.device):
    width = int(data["lengths"][rows].max())
    ids = torch.from_numpy(data["ids"][rows, :width].astype(np.int64)).to(device)
    types = torch.from_numpy(data["types"][rows, :width].astype(np.int64)).to(device)
    lengths = torch.from_numpy(data["lengths"][rows].astype(np.int64)).to(device)
    mask = (torch.arange(width, device=device)[None, :] < lengths[:, None]).long()
    span = torch.from_numpy(data["span"][rows].astype(np.int64)).to(device)
    return ids, types, mask, span


def load(base: Path, reader: Path | None = None) -> CrossEncoder:
    """The base model with a fresh head, or, given ``reader``, a reader's own layers and head
    over the base model's word embeddings: on the device, to read."""
    from safetensors.torch import load_file

    model = CrossEncoder()
    weights = {k: v.float() for k, v in load_file(str(base)).items()}
    if reader is not None:
        own = {k: v.float() for k, v in load_file(str(reader)).items()}
        model.head.weight.data.copy_(own.pop(HEAD_WEIGHT))
        model.head.bias.data.copy_(own.pop(HEAD_BIAS))
        weights |= own
    missing, unexpected = model.encoder.load_state_dict(weights, strict=False)
    if unexpected or any("position_ids" not in k for k in missing):
        raise ValueError(f"base weights do not fit: {missing} {unexpected}")
    return model.to(_device()).train(False)


def train(data: dict[str, np.ndarray], rows: np.ndarray, base: Path, epochs: int, lr: float,
          batch: int, seed: int, start: Path | None = None) -> CrossEncoder:
    """Fine-tune from the base model, or, given ``start``, from a reader's own weights."""
    torch.manual_seed(seed)
    device = _device()
    model = load(base, start)
    model.encoder.embeddings.word_embeddings.weight.requires_grad_(False)
    model.train()
    encoder = [p for p in model.encoder.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(
        [{"params": encoder, "lr": lr}, {"params": model.head.parameters(), "lr": lr * 20}],
        weight_decay=0.01,
    )
    steps = epochs * -(-len(rows) // batch)
    warmup = max(1, steps // 16)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / (steps - warmup)))
    )
    labels = torch.from_numpy(data["labels"].astype(np.float32))
    order = np.random.default_rng(seed)
    loss_fn = nn.BCEWithLogitsLoss()
    for _ in range(epochs):
        shuffled = order.permutation(rows)
        for first in range(0, len(shuffled), batch):
            chosen = shuffled[first:first + batch]
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
                logits = model(*_tensors(data, chosen, device))
            loss = loss_fn(logits.float(), labels[chosen].to(device))
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            if schedule.last_epoch % 100 == 0:  # hours on a CPU: show that it moves
                print(f"step {schedule.last_epoch}/{steps} loss {loss.item():.3f}",
                      file=sys.stderr, flush=True)
    return model.train(False)


@torch.no_grad()
def score(model: CrossEncoder, data: dict[str, np.ndarray], rows: np.ndarray,
          batch: int = 512) -> np.ndarray:
    """Probabilities for the given rows, in float32."""
    device = _device()
    found = []
    for first in range(0, len(rows), batch):
        logits = model(*_tensors(data, rows[first:first + batch], device))
        found.append(torch.sigmoid(logits.float()).cpu().numpy())
    return np.concatenate(found) if found else np.zeros(0, np.float32)


def export(model: CrossEncoder, path: Path) -> None:
    """The shipped weights: float16, without the frozen word embeddings."""
    from safetensors.numpy import save_file

    weights = {
        k: v.detach().float().cpu().numpy().astype(np.float16)
        for k, v in model.encoder.state_dict().items()
        if k != WORD_EMBEDDINGS and not k.endswith("position_ids")
    }
    weights[HEAD_WEIGHT] = model.head.weight.detach().float().cpu().numpy().astype(np.float16)
    weights[HEAD_BIAS] = model.head.bias.detach().float().cpu().numpy().astype(np.float16)
    save_file(dict(sorted(weights.items())), str(path))
