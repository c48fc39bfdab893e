/**
 * Just enough of the ONNX protobuf schema (onnx/onnx.proto, field numbers as published) to write a
 * ModelProto by hand with protobufjs, for the tiny CLIP-shaped test models (./tiny-clip-model.ts).
 */
import protobuf from 'protobufjs';

const SCHEMA = `
syntax = "proto2";
package onnx;
message AttributeProto { optional string name = 1; optional float f = 2; optional int64 i = 3; repeated int64 ints = 8; optional int32 type = 20; }
message ValueInfoProto { optional string name = 1; optional TypeProto type = 2; }
message NodeProto { repeated string input = 1; repeated string output = 2; optional string name = 3; optional string op_type = 4; repeated AttributeProto attribute = 5; }
message TensorProto { repeated int64 dims = 1; optional int32 data_type = 2; repeated float float_data = 4 [packed = true]; repeated int64 int64_data = 7 [packed = true]; optional string name = 8; }
message TensorShapeProto { message Dimension { optional int64 dim_value = 1; optional string dim_param = 2; } repeated Dimension dim = 1; }
message TypeProto { message Tensor { optional int32 elem_type = 1; optional TensorShapeProto shape = 2; } optional Tensor tensor_type = 1; }
message GraphProto { repeated NodeProto node = 1; optional string name = 2; repeated TensorProto initializer = 5; repeated ValueInfoProto input = 11; repeated ValueInfoProto output = 12; }
message OperatorSetIdProto { optional string domain = 1; optional int64 version = 2; }
message ModelProto { optional int64 ir_version = 1; optional string producer_name = 2; optional GraphProto graph = 7; repeated OperatorSetIdProto opset_import = 8; }
`;

export const FLOAT = 1;
export const INT64 = 7;
export const ATTR_INT = 2;
export const ATTR_INTS = 7;

const root = protobuf.parse(SCHEMA).root;
export const ModelProto = root.lookupType('onnx.ModelProto');

export type Dim = number | string;

export function valueInfo(name: string, elemType: number, dims: Dim[]) {
  return { name, type: { tensorType: { elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } } };
}

export function floatTensor(name: string, dims: number[], values: number[]) {
  return { name, dims, dataType: FLOAT, floatData: values };
}

export function node(opType: string, input: string[], output: string[], attribute: object[] = []) {
  return { opType, input, output, name: `${opType}_${output[0]}`, attribute };
}

/** Encodes a graph as a model of IR version 8, default domain opset 13. */
export function encodeModel(graph: object): Uint8Array {
  const model = { irVersion: 8, producerName: 'offline-asset-library tests', opsetImport: [{ domain: '', version: 13 }], graph };
  const error = ModelProto.verify(model);
  if (error) throw new Error(`ModelProto: ${error}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
